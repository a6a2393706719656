import { JobRunner } from '../jobs/job-runner.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import type { ApiContext } from './api-context.ts';
import { HandlerRegistry } from './handler-registry.ts';
import { jobsCancel } from './handlers/jobs-cancel.ts';
import { jobsList } from './handlers/jobs-list.ts';
import { workspaceInfo } from './handlers/workspace-info.ts';
import { workspaceVerify } from './handlers/workspace-verify.ts';

export interface Api {
  context: ApiContext;
  registry: HandlerRegistry<ApiContext>;
  /** Runs one RPC call: parse input, handle, check output. Throws RpcError for the caller's mistakes. */
  call(method: string, input: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export function createApiRegistry(): HandlerRegistry<ApiContext> {
  return new HandlerRegistry<ApiContext>()
    .add('workspace.info', workspaceInfo)
    .add('workspace.verify', workspaceVerify)
    .add('jobs.list', jobsList)
    .add('jobs.cancel', jobsCancel)
    .complete();
}

/** The core behind both transports, for one open workspace. */
export function createApi(workspace: Workspace): Api {
  const context: ApiContext = { workspace, jobs: new JobRunner(workspace.db) };
  const registry = createApiRegistry();
  return {
    context,
    registry,
    call: (method, input) => registry.dispatch(method, input, context),
    close: async () => {
      await context.jobs.shutdown();
      workspace.close();
    },
  };
}
