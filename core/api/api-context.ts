import type { JobRunner } from '../jobs/job-runner.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

/** What every handler can reach: the open workspace, the job runner, and transport facts. */
export interface ApiContext {
  workspace: Workspace;
  jobs: JobRunner;
  /** Set by the transport that serves arena content (`http://localhost:PORT`); unset in the CLI. */
  arena: { assetOrigin?: string };
}
