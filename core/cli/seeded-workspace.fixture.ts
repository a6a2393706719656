import type { Database } from 'better-sqlite3';
import { openApi } from '../api/open-api.ts';

/** Opens (creating it as the app would) the workspace at `dir`, lets `seed` write to its store, and closes it for an `lhb` child to read. */
export async function seedWorkspace(dir: string, seed: (db: Database) => void): Promise<void> {
  const api = await openApi(dir);
  try {
    seed(api.context.workspace.db);
  } finally {
    await api.close();
  }
}
