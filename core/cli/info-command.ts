import { resolveWorkspaceDir } from '../store/workspace-location.ts';
import { databaseFileState } from '../workspace/inspect-workspace-folder.ts';
import { DATABASE_FILE } from '../workspace/open-workspace.ts';
import { openCliApi } from './open-cli-api.ts';

/** Raised when `lhb info` is pointed at a folder that is not a workspace; nothing was created. */
export class NotAWorkspaceError extends Error {
  override name = 'NotAWorkspaceError';
}

/** Refuses a folder that holds no workspace (a mistyped path, a folder never opened), naming it; nothing is created in it. */
export function requireWorkspace(workspaceFlag: string | undefined): void {
  const dir = resolveWorkspaceDir(workspaceFlag);
  if (databaseFileState(dir, DATABASE_FILE) !== 'present') {
    throw new NotAWorkspaceError(
      `${dir} is not an LH-Bench Studio workspace (it has no ${DATABASE_FILE} with data); nothing was created. ` +
        `Check the folder, or make a workspace there with lhb init ${dir} --project NAME (or open it once with lhb serve --workspace ${dir} for the demo).`,
    );
  }
}

/**
 * `lhb info`: where the workspace is, its project, schema and counts. It only reads: a folder that
 * holds no workspace (a mistyped path, a folder never opened) is named, and nothing is created in it.
 */
export async function runInfo(options: { workspace?: string; json?: boolean }): Promise<void> {
  requireWorkspace(options.workspace);
  const api = await openCliApi(options.workspace, { access: 'read' });
  try {
    const info = await api.call('workspace.info', {});
    if (options.json) {
      process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
      return;
    }
    const { counts } = info;
    const demo = counts.demo;
    const hasDemo = demo.runs + demo.votes + demo.judgments + demo.sources + demo.chapters > 0;
    process.stdout.write(
      [
        `Project:   ${info.project.name}`,
        `Workspace: ${info.workspaceDir}`,
        `Database:  ${info.databasePath} (schema ${info.schemaVersion})`,
        `Contents:  ${counts.sources} sources, ${counts.runs} runs, ${counts.votes} votes, ${counts.judgments} judgments, ${counts.blobs} stored files, ${counts.jobs} jobs`,
        ...(hasDemo
          ? [`Demo:      of those, ${demo.sources} sources, ${demo.chapters} chapters, ${demo.runs} runs, ${demo.votes} votes and ${demo.judgments} judgments are the demo's (left out of figures and exports unless synthetic data is asked for)`]
          : []),
        `App:       ${info.appVersion}`,
        '',
      ].join('\n'),
    );
  } finally {
    await api.close();
  }
}
