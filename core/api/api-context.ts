import type { HubSettings } from '../export/hub/hub-settings.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

/** What every handler can reach: the open workspace, the job runner, and transport facts. */
export interface ApiContext {
  workspace: Workspace;
  jobs: JobRunner;
  /** Set by the transport that serves arena content (`http://localhost:PORT`); unset in the CLI. */
  arena: { assetOrigin?: string };
  /** Where export.push sends datasets and whence its token: the server's settings (`lhb serve --hub-url`, LHB_HUB_URL), never a caller's. */
  hub: HubSettings;
}
