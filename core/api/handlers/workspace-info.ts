import type { RpcOutput } from '../../../schemas/rpc.ts';
import { appVersion } from '../../app-paths.ts';
import { countBlobs } from '../../store/blob-repository.ts';
import { countDemoRecords, countRecords } from '../../store/demo-records.ts';
import { countJobs } from '../../store/job-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { countSources } from '../../store/source-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

export function workspaceInfo(_input: object, { workspace }: ApiContext): RpcOutput<'workspace.info'> {
  const project = findCurrentProject(workspace.db);
  if (!project) throw new LhbError('internal', `The workspace ${workspace.dir} has no project. Restart the app to seed it.`);
  return {
    appVersion,
    workspaceDir: workspace.dir,
    databasePath: workspace.databasePath,
    schemaVersion: workspace.schemaVersion,
    project,
    counts: { sources: countSources(workspace.db), blobs: countBlobs(workspace.db), jobs: countJobs(workspace.db), ...countRecords(workspace.db), demo: countDemoRecords(workspace.db) },
  };
}
