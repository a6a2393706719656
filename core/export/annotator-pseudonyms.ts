import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { ensureMetaValue, readMetaValue } from '../store/meta-repository.ts';

/** Where the workspace keeps the pseudonym key: created on the first pseudonymised export, never exported. */
export const PSEUDONYM_KEY_META = 'export.pseudonym_key';

/**
 * Annotator pseudonyms: `annotator-` and the first 12 hex digits of HMAC-SHA-256(key, name),
 * under a random 256-bit key kept in this workspace. The same name gets the same pseudonym in
 * every export of this workspace (so releases stay comparable), and nobody without the key can
 * test a guessed name against it, as they could with a plain hash. Another workspace has
 * another key: its pseudonyms differ (votes still merge by vote and annotator id).
 */
export function annotatorPseudonymiser(db: Database): (name: string) => string {
  const key = pseudonymKey(db);
  const cache = new Map<string, string>();
  return (name) => {
    let pseudonym = cache.get(name);
    if (pseudonym === undefined) {
      pseudonym = `annotator-${createHmac('sha256', Buffer.from(key, 'hex')).update(name.trim(), 'utf8').digest('hex').slice(0, 12)}`;
      cache.set(name, pseudonym);
    }
    return pseudonym;
  };
}

function pseudonymKey(db: Database): string {
  const existing = readMetaValue(db, PSEUDONYM_KEY_META);
  if (existing !== undefined) return existing;
  if (db.readonly) {
    throw new Error('Pseudonymising needs a key stored in the workspace, and this workspace is open read-only. Nothing was exported; open it writable once (any lhb command that writes, or the app) and export again.');
  }
  return ensureMetaValue(db, PSEUDONYM_KEY_META, randomBytes(32).toString('hex'));
}
