import { LhbError } from '../../../schemas/lhb-error.ts';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { openWorkspaceCommand } from '../../open-workspace-command.ts';
import { renameProject, requireCurrentProject } from '../../store/project-repository.ts';
import { writeTransaction } from '../../store/write-transaction.ts';
import { checkedProjectName, createWorkspace } from '../../workspace/create-workspace.ts';
import { WorkspaceRefusedError } from '../../workspace/open-workspace.ts';
import type { ApiContext } from '../api-context.ts';

/**
 * "New workspace…": makes an empty workspace (a named project, no demo records) at a folder on
 * this machine. The running app stays on its own workspace: switching would close every job,
 * arena session and asset server it holds, so the answer says how to open the new one instead.
 */
export function workspaceCreate(input: RpcParsedInput<'workspace.create'>, _ctx: ApiContext): RpcOutput<'workspace.create'> {
  try {
    const created = createWorkspace(input.dir, { name: input.projectName });
    return { workspaceDir: created.dir, project: created.project, openCommand: openWorkspaceCommand(created.dir) };
  } catch (error) {
    // A refusal is a `conflict` of its own; anything else (a folder it cannot write) says where nothing was made.
    if (error instanceof WorkspaceRefusedError) throw error;
    throw new LhbError('bad_request', `No workspace was made at ${input.dir}: ${(error as Error).message}`);
  }
}

/** Renames the workspace's project; the name titles the app's header and the dataset card. */
export function projectRename(input: RpcParsedInput<'project.rename'>, { workspace }: ApiContext): RpcOutput<'project.rename'> {
  let name: string;
  try {
    name = checkedProjectName(input.name);
  } catch (error) {
    throw new LhbError('bad_request', (error as Error).message);
  }
  return {
    project: writeTransaction(workspace.db, () => {
      renameProject(workspace.db, requireCurrentProject(workspace.db).id, name);
      return requireCurrentProject(workspace.db);
    })(),
  };
}
