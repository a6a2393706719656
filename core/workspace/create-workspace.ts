import { resolve } from 'node:path';
import type { Project } from '../../schemas/workspace.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { databaseFileState } from './inspect-workspace-folder.ts';
import { DATABASE_FILE, openWorkspace, WorkspaceRefusedError } from './open-workspace.ts';

/** The longest project name accepted (it titles the dataset card). */
export const MAX_PROJECT_NAME = 200;

/** A project name as stored: trimmed, one line, not empty, not too long; or an error naming what to change. */
export function checkedProjectName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new WorkspaceRefusedError('The project name is empty. Give the project a name, e.g. "Dashboard skill study".');
  if (/[\r\n]/.test(trimmed)) throw new WorkspaceRefusedError('The project name has a line break. Give it a name on one line.');
  if (trimmed.length > MAX_PROJECT_NAME) throw new WorkspaceRefusedError(`The project name is ${trimmed.length} characters long; keep it to ${MAX_PROJECT_NAME}.`);
  return trimmed;
}

/**
 * Makes a real workspace: a new or empty folder gets a database holding one project of this
 * name and nothing else (no demo data room, arena or study). A folder that is a workspace
 * already, or holds anything else, is refused as opening refuses it, before anything is written.
 */
export function createWorkspace(dir: string, project: { name: string; description?: string }): { dir: string; databasePath: string; project: Project } {
  const name = checkedProjectName(project.name);
  const folder = resolve(dir);
  if (databaseFileState(folder, DATABASE_FILE) === 'present') {
    throw new WorkspaceRefusedError(`${folder} is a workspace already (it holds ${DATABASE_FILE}), so no new one was made there. Nothing was changed. Open it with --workspace ${folder}, or choose a new or empty folder.`);
  }
  const workspace = openWorkspace(folder, { emptyProject: { name, description: project.description ?? '' } });
  try {
    return { dir: folder, databasePath: workspace.databasePath, project: findCurrentProject(workspace.db)! };
  } finally {
    workspace.close();
  }
}
