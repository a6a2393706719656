import type { JobRunner } from '../jobs/job-runner.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

/** What every handler can reach: the open workspace and the job runner. */
export interface ApiContext {
  workspace: Workspace;
  jobs: JobRunner;
}
