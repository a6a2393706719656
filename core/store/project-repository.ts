import type { Database } from 'better-sqlite3';
import type { Project } from '../../schemas/workspace.ts';

interface ProjectRow {
  id: string;
  name: string;
  description: string;
  created_at: string;
}

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at,
});

export function insertProject(db: Database, project: Project): void {
  db.prepare('INSERT INTO projects (id, name, description, created_at) VALUES (?, ?, ?, ?)').run(
    project.id,
    project.name,
    project.description,
    project.createdAt,
  );
}

/** The workspace's project: the first one created. */
export function findCurrentProject(db: Database): Project | undefined {
  const row = db.prepare('SELECT * FROM projects ORDER BY created_at, id LIMIT 1').get() as ProjectRow | undefined;
  return row ? toProject(row) : undefined;
}

/**
 * The workspace's project, for work that cannot start without one; a workspace that never
 * finished its first start has none, and the error says how to set it up.
 */
export function requireCurrentProject(db: Database): Project {
  const project = findCurrentProject(db);
  if (!project) throw new Error('The workspace has no project; open it with lhb or the app once so it is set up.');
  return project;
}

/** Gives the project a new name (checked by the caller); the rest of it is unchanged. */
export function renameProject(db: Database, id: string, name: string): void {
  db.prepare('UPDATE projects SET name = ? WHERE id = ?').run(name, id);
}
