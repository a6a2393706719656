import type { RpcOutput } from '../../../schemas/rpc.ts';
import { verifyWorkspace } from '../../workspace/verify-workspace.ts';
import type { ApiContext } from '../api-context.ts';

export function workspaceVerify(_input: object, { workspace, jobs }: ApiContext): RpcOutput<'workspace.verify'> {
  const job = jobs.start('workspace.verify', 'Verify workspace', (progress) => verifyWorkspace(workspace, progress));
  return { jobId: job.id };
}
