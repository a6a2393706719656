import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** A `voter_invites` row: one invite link, bound to one annotator; only its token's hash is kept. */
export interface InviteRow {
  id: string;
  project_id: string;
  annotator_id: string;
  /** Set on an SME's link to their plan in this data room; null on an arena voter's link. */
  data_room_id: string | null;
  token_sha256: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** An invite with its annotator's name, for listing. */
export interface InviteListRow extends InviteRow {
  annotator_name: string;
}

export function insertInvite(db: Database, row: InviteRow): void {
  prepared(
    db,
    `INSERT INTO voter_invites (id, project_id, annotator_id, data_room_id, token_sha256, created_at, expires_at, revoked_at, last_used_at)
     VALUES (@id, @project_id, @annotator_id, @data_room_id, @token_sha256, @created_at, @expires_at, @revoked_at, @last_used_at)`,
  ).run(row);
}

export function findInviteByTokenHash(db: Database, tokenSha256: string): InviteRow | undefined {
  return prepared(db, 'SELECT * FROM voter_invites WHERE token_sha256 = ?').get(tokenSha256) as InviteRow | undefined;
}

export function listInvites(db: Database, projectId: string): InviteListRow[] {
  return prepared(
    db,
    `SELECT i.*, a.name AS annotator_name FROM voter_invites i JOIN annotators a ON a.id = i.annotator_id
     WHERE i.project_id = ? ORDER BY i.created_at DESC, i.id`,
  ).all(projectId) as InviteListRow[];
}

/** Every arena voting link ever made for one annotator, revoked and expired ones included (not their plan links). */
export function listInvitesOfAnnotator(db: Database, annotatorId: string): InviteRow[] {
  return prepared(db, 'SELECT * FROM voter_invites WHERE annotator_id = ? AND data_room_id IS NULL').all(annotatorId) as InviteRow[];
}

/** Marks the invite revoked (once; a second revoke keeps the first time). Returns whether a row matched. */
export function revokeInviteRow(db: Database, id: string, at: string): boolean {
  return prepared(db, 'UPDATE voter_invites SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').run(at, id).changes > 0;
}

export function touchInvite(db: Database, id: string, at: string): void {
  prepared(db, 'UPDATE voter_invites SET last_used_at = ? WHERE id = ?').run(at, id);
}
