import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';
import { lhbErrorOfCode } from '../../schemas/lhb-error.ts';

/** Tables whose rows the CLI names by id, and so by the short ids it prints. */
export type IdTable = 'runs' | 'study_runs' | 'studies' | 'voter_invites';

/** A short id that is the start of more than one id: the message lists them so the user can give more of it. */
export class AmbiguousIdError extends lhbErrorOfCode('bad_request') {
  override name = 'AmbiguousIdError';
}

/** Below this a prefix names too little to be taken for an id (the CLI prints 8 characters). */
const MIN_PREFIX = 4;

/**
 * The full id that `id` names in any of `tables`: itself when it is one, else the one id that
 * starts with it (`b5102667` for `b5102667-…`). An id no row has is returned as it is, so the
 * caller's own "No run X" answers; a prefix of several ids is an AmbiguousIdError naming them.
 */
export function expandShortId(db: Database, tables: readonly IdTable[], id: string): string {
  for (const table of tables) if (prepared(db, `SELECT 1 FROM ${table} WHERE id = ?`).get(id)) return id;
  if (id.length < MIN_PREFIX) return id;
  const matches = new Set<string>();
  for (const table of tables) {
    const rows = prepared(db, `SELECT id FROM ${table} WHERE substr(id, 1, ?) = ? LIMIT 6`).all(id.length, id) as { id: string }[];
    for (const row of rows) matches.add(row.id);
  }
  if (matches.size <= 1) return [...matches][0] ?? id;
  const listed = [...matches].slice(0, 5);
  throw new AmbiguousIdError(`"${id}" is the start of ${matches.size > 5 ? 'more than 5' : matches.size} ids (${listed.join(', ')}${matches.size > 5 ? ', …' : ''}). Give more of it.`);
}
