import { openWorkspaceCommand } from '../open-workspace-command.ts';
import { createWorkspace } from '../workspace/create-workspace.ts';
import { withCliApi } from './open-cli-api.ts';

/**
 * `lhb init DIR --project NAME`: a real workspace, one project of that name and no demo record.
 * A folder that is a workspace already, or holds anything else, is refused and left as it was.
 */
export async function runInit(dir: string, options: { project: string; description?: string; json?: boolean }): Promise<void> {
  const created = createWorkspace(dir, { name: options.project, ...(options.description !== undefined ? { description: options.description } : {}) });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ workspaceDir: created.dir, databasePath: created.databasePath, project: created.project, openCommand: openWorkspaceCommand(created.dir) }, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    `Created the workspace ${created.dir} with the project "${created.project.name}" and no demo data (database ${created.databasePath}).\n` +
      `Open it with: ${openWorkspaceCommand(created.dir)}   (or give --workspace ${created.dir} to any lhb command, or set LHB_WORKSPACE)\n`,
  );
}

/** `lhb project rename NAME`: the project's new name, which titles the app and the dataset card. */
export async function runProjectRename(name: string, options: { workspace?: string; json?: boolean }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const before = (await api.call('workspace.info', {})).project.name;
    const { project } = await api.call('project.rename', { name });
    if (options.json) process.stdout.write(`${JSON.stringify(project, null, 2)}\n`);
    else process.stdout.write(`Renamed the project "${before}" to "${project.name}".\n`);
  });
}
