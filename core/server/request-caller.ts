import type { Database } from 'better-sqlite3';
import { checkVoterToken } from '../arena/invites.ts';
import { OWNER, type Caller } from '../api/caller.ts';
import { hasBearerToken } from './request-guards.ts';

export type RequestCaller = { caller: Caller } | { refusal: string };

/**
 * Who a request's `Authorization: Bearer` token makes it: the launch token is the owner (every
 * method); a live invite link's token is that invite's voter (scoped in core/api/voter-scope.ts),
 * or, for an SME's plan link, that annotator in one data room (core/api/plan-invite-scope.ts).
 * Anything else, a revoked or expired invite included, is refused with a reason (401).
 */
export function requestCaller(authorization: string | undefined, launchToken: string, db: Database, what: string, now: Date = new Date()): RequestCaller {
  if (hasBearerToken(authorization, launchToken)) return { caller: OWNER };
  const given = authorization && /^Bearer /i.test(authorization) ? authorization.slice('Bearer '.length).trim() : '';
  const invite = given ? checkVoterToken(db, given, now) : undefined;
  if (!invite) return { refusal: `Missing or wrong token for ${what}. Open the URL lhb serve printed (it carries the token after #token=), or your invite link.` };
  if (!invite.ok) return { refusal: invite.reason };
  const { inviteId, annotatorId, annotatorName, expiresAt, dataRoomId } = invite;
  if (dataRoomId !== null) return { caller: { role: 'annotator', inviteId, annotatorId, annotatorName, dataRoomId, expiresAt } };
  return { caller: { role: 'voter', inviteId, annotatorId, annotatorName, expiresAt } };
}
