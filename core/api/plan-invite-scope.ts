import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { isPlanInviteMethod, isRpcMethod, rpcContract, type RpcMethod } from '../../schemas/rpc.ts';
import { chapterPlace, citationPlace, sourcePlace, versionPlace, type PlanPlace } from '../annotate/plan-reach.ts';
import type { Caller } from './caller.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { AppEvent } from '../../schemas/jobs.ts';
import { findDataRoom } from '../store/data-room-repository.ts';

type PlanInvite = Extract<Caller, { role: 'annotator' }>;

/** Fields that name a record, and where that record lives. */
const PLACES: Record<string, (db: Database, id: string) => PlanPlace | undefined> = {
  chapterId: chapterPlace,
  afterChapterId: chapterPlace,
  citationId: citationPlace,
  sourceId: sourcePlace,
  versionId: versionPlace,
};

/** Owner-only fields of a method an SME may otherwise call: the room's title and whether its plans are shared. */
const OWNER_FIELDS: Partial<Record<RpcMethod, { field: string; what: string }[]>> = {
  'dataRooms.update': [
    { field: 'title', what: 'title' },
    { field: 'plansShared', what: "sharing of plans" },
  ],
};

/**
 * What an SME's invite link may carry, decided before any handler runs: only methods the contract
 * marks `planInvite`; only their own data room (filled in when the input leaves it out) and their
 * own plan there (`annotator` is theirs, from the token); every chapter, citation, source or
 * version the input names must be in that room, and a chapter or citation in that plan. Returns
 * the input to dispatch; throws a 403 LhbError otherwise. A record that does not exist passes on,
 * to be refused as not found by its handler, which tells nothing about other rooms.
 */
export function scopePlanInviteCall(db: Database, method: string, rawInput: unknown, invite: PlanInvite): unknown {
  if (!isRpcMethod(method)) return rawInput;
  if (!isPlanInviteMethod(method)) {
    throw new LhbError(
      'forbidden',
      `${method} is not open to this invite link: it lets ${invite.annotatorName} work on their own plan in one data room and nothing else. Nothing was read or changed.`,
    );
  }
  const input = rawInput === undefined || rawInput === null ? {} : rawInput;
  if (typeof input !== 'object' || Array.isArray(input)) return rawInput; // the method's schema refuses it
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const shape = inputShape(method);
  if (Object.hasOwn(shape, 'dataRoomId')) {
    if (fields.dataRoomId !== undefined && fields.dataRoomId !== invite.dataRoomId) throw outside(method, invite, 'another data room');
    fields.dataRoomId = invite.dataRoomId;
  }
  if (Object.hasOwn(shape, 'annotator')) {
    if (fields.annotator !== undefined && (typeof fields.annotator !== 'string' || fields.annotator.trim() !== invite.annotatorName)) {
      throw outside(method, invite, "another annotator's plan");
    }
    fields.annotator = invite.annotatorName;
  }
  for (const { field, what } of OWNER_FIELDS[method] ?? []) {
    if (fields[field] !== undefined) throw new LhbError('forbidden', `${method} refused: only the data room's owner can change its ${what}. Nothing was changed.`, { field });
  }
  for (const [field, placeOf] of Object.entries(PLACES)) {
    const id = fields[field];
    if (typeof id !== 'string') continue;
    const place = placeOf(db, id);
    if (place === undefined) continue;
    if (place.dataRoomId !== invite.dataRoomId) throw outside(method, invite, 'another data room');
    if (place.annotatorId !== undefined && place.annotatorId !== invite.annotatorId) throw outside(method, invite, "another annotator's plan");
  }
  return fields;
}

/** The method's input fields, read from the contract, so a field added later is held too. */
function inputShape(method: RpcMethod): Record<string, unknown> {
  const schema: unknown = rpcContract[method].input;
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
}

const outside = (method: string, invite: PlanInvite, what: string) =>
  new LhbError('forbidden', `${method} refused: this invite link works on ${invite.annotatorName}'s own plan in one data room and cannot reach ${what}. Nothing was read or changed.`);

/**
 * Which of the app's events an SME's invite link is sent, so their page follows what it shows
 * without reading anything else: changes to their own room (its title, sharing, the gold plan the
 * curator builds) and to their own plan, others' plans only while the owner shares them, and the
 * bare word that another process wrote (an `lhb plans curate` in a terminal), which names nothing.
 * Never jobs: those are the owner's business.
 */
export function planInviteSees(db: Database, invite: PlanInvite, event: AppEvent): boolean {
  if (event.type === 'store-changed') return true;
  if (event.type !== 'plan-changed' || event.dataRoomId !== invite.dataRoomId) return false;
  if (event.what !== 'plan' || event.annotatorId === invite.annotatorId) return true;
  return findDataRoom(db, invite.dataRoomId)?.plans_shared === 1;
}
