import type { WorkspaceInfo } from '../../schemas/workspace.ts';
import { openCliApi } from './open-cli-api.ts';

export async function runInfo(options: { workspace?: string; json?: boolean }): Promise<void> {
  const api = await openCliApi(options.workspace, { access: 'read' });
  try {
    const info = (await api.call('workspace.info', {})) as WorkspaceInfo;
    if (options.json) {
      process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
      return;
    }
    process.stdout.write(
      [
        `Project:   ${info.project.name}`,
        `Workspace: ${info.workspaceDir}`,
        `Database:  ${info.databasePath} (schema ${info.schemaVersion})`,
        `Contents:  ${info.counts.sources} sources, ${info.counts.blobs} stored files, ${info.counts.jobs} jobs`,
        `App:       ${info.appVersion}`,
        '',
      ].join('\n'),
    );
  } finally {
    await api.close();
  }
}
