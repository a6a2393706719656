import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { INVITE_TOKEN_PREFIX, type CreatedInvite, type Invite, type InviteStatus } from '../../schemas/invites.ts';
import { findAnnotator, findAnnotatorByName, findOrInsertAnnotator } from '../store/annotator-repository.ts';
import { findInviteByTokenHash, insertInvite, listInvites, listInvitesOfAnnotator, revokeInviteRow, touchInvite, type InviteRow } from '../store/invite-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { findPresentationByToken } from '../store/vote-repository.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** Voter tokens carry a prefix so one pasted in the wrong place (or the page) can tell it is an invite. */
const VOTER_TOKEN_PREFIX = INVITE_TOKEN_PREFIX;
const DAY_MS = 24 * 3600 * 1000;
/** A voter's requests update "last used" at most this often, so voting does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export const hashVoterToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function statusOf(row: InviteRow, now: Date): InviteStatus {
  if (row.revoked_at !== null) return 'revoked';
  return Date.parse(row.expires_at) <= now.getTime() ? 'expired' : 'active';
}

const toInvite = (row: InviteRow, annotatorName: string, now: Date): Invite => ({
  id: row.id,
  annotatorId: row.annotator_id,
  annotatorName,
  dataRoomId: row.data_room_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
  status: statusOf(row, now),
});

/**
 * A new invite link for the annotator named `name` (their profile is created when there is none):
 * an arena voter's, or with `dataRoomId` an SME's link to their own plan in that data room.
 * The token is returned here and only here: the workspace keeps its SHA-256.
 */
export function createInvite(db: Database, input: { name: string; expiresInDays: number; dataRoomId?: string }, now: Date = new Date()): CreatedInvite {
  const projectId = requireCurrentProject(db).id;
  const name = input.name.trim();
  return writeTransaction(db, (): CreatedInvite => {
    if (findAnnotatorByName(db, projectId, name)?.synthetic === 1) {
      throw new LhbError('conflict', `"${name}" is a synthetic (demo) annotator, which cannot be invited. Nothing was created; choose another name.`, { field: 'name' });
    }
    const annotator = findOrInsertAnnotator(db, projectId, name, now.toISOString());
    const token = VOTER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row: InviteRow = {
      id: randomUUID(),
      project_id: projectId,
      annotator_id: annotator.id,
      data_room_id: input.dataRoomId ?? null,
      token_sha256: hashVoterToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
      revoked_at: null,
      last_used_at: null,
    };
    insertInvite(db, row);
    return { invite: toInvite(row, annotator.name, now), token };
  })();
}

export function listInviteViews(db: Database, now: Date = new Date()): Invite[] {
  return listInvites(db, requireCurrentProject(db).id).map((row) => toInvite(row, row.annotator_name, now));
}

/** Ends the invite's access from its next request on. Revoking twice is harmless. */
export function revokeInvite(db: Database, id: string, now: Date = new Date()): Invite {
  if (!revokeInviteRow(db, id, now.toISOString())) {
    throw new LhbError('not_found', `No invite ${id} in this workspace; list them with "lhb arena invites" or on the Arena's Study tab.`);
  }
  return listInviteViews(db, now).find((invite) => invite.id === id)!;
}

export type VoterTokenCheck =
  | { ok: true; inviteId: string; annotatorId: string; annotatorName: string; expiresAt: string; dataRoomId: string | null }
  | { ok: false; reason: string };

/**
 * Whether `token` is a live invite: known, not revoked, not expired. Unknown tokens (not invites
 * at all) answer `undefined`, so the caller can try its own launch token.
 */
export function checkVoterToken(db: Database, token: string, now: Date = new Date()): VoterTokenCheck | undefined {
  if (!token.startsWith(VOTER_TOKEN_PREFIX)) return undefined;
  const row = findInviteByTokenHash(db, hashVoterToken(token));
  if (!row) return { ok: false, reason: 'This invite link is not known to this workspace. Ask the study owner for a new link.' };
  const status = statusOf(row, now);
  if (status === 'revoked') return { ok: false, reason: 'This invite link was revoked by the study owner; your votes so far are kept. Ask them for a new link to go on.' };
  if (status === 'expired') return { ok: false, reason: `This invite link expired on ${row.expires_at.slice(0, 10)}; your votes so far are kept. Ask the study owner for a new link to go on.` };
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    try {
      touchInvite(db, row.id, now.toISOString());
    } catch {
      // "Last used" is advisory: a workspace that cannot be written to still answers the voter's
      // reads, and its own error reaches them through the call itself.
    }
  }
  const annotator = findAnnotator(db, row.annotator_id);
  return { ok: true, inviteId: row.id, annotatorId: row.annotator_id, annotatorName: annotator?.name ?? '', expiresAt: row.expires_at, dataRoomId: row.data_room_id };
}

/**
 * Whether an annotator votes through invite links and none of them is live any more: the pairs
 * shown through those links, and their asset URLs, are closed then as the link's calls are.
 * An annotator without links (one the owner votes as on this machine) is never closed.
 */
export function invitesEnded(db: Database, annotatorId: string, now: Date = new Date()): boolean {
  const invites = listInvitesOfAnnotator(db, annotatorId);
  return invites.length > 0 && invites.every((row) => statusOf(row, now) !== 'active');
}

/** The annotator a presentation token was shown to, or undefined when no such pair exists. */
export function presentationAnnotator(db: Database, presentationToken: string): string | undefined {
  return findPresentationByToken(db, presentationToken)?.annotator_id;
}
