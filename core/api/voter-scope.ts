import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { isRpcMethod, isVoterMethod, rpcContract, type RpcMethod } from '../../schemas/rpc.ts';
import { presentationAnnotator } from '../arena/invites.ts';
import type { Caller } from './caller.ts';
import { LhbError } from '../../schemas/lhb-error.ts';

type Voter = Extract<Caller, { role: 'voter' }>;

/**
 * What an invited voter's call may carry, decided before any handler runs: only methods the
 * contract marks `voter`, only as the voter's own annotator (filled in from the token when the
 * input leaves it out), and a vote only on a pair shown to that annotator. Returns the input to
 * dispatch; throws a 403 LhbError otherwise. Known methods only: unknown ones answer 404 later.
 */
export function scopeVoterCall(db: Database, method: string, rawInput: unknown, voter: Voter): unknown {
  if (!isRpcMethod(method)) return rawInput;
  if (!isVoterMethod(method)) {
    throw new LhbError(
      'forbidden',
      `${method} is not open to invite links: this link lets ${voter.annotatorName} vote in the arena and nothing else. Nothing was read or changed. ` +
        'If you are the study owner, open the app with the link lhb serve printed.',
    );
  }
  const input = rawInput === undefined || rawInput === null ? {} : rawInput;
  if (typeof input !== 'object' || Array.isArray(input)) return rawInput; // the method's schema refuses it
  const fields = input as Record<string, unknown>;
  if (takesAnnotator(method)) {
    if (fields.annotatorId !== undefined && fields.annotatorId !== voter.annotatorId) throw anotherAnnotator(method, voter);
    return { ...fields, annotatorId: voter.annotatorId };
  }
  if (method === 'arena.vote' && typeof fields.token === 'string') {
    const shownTo = presentationAnnotator(db, fields.token);
    if (shownTo !== undefined && shownTo !== voter.annotatorId) throw anotherAnnotator(method, voter);
  }
  return input;
}

/** Read from the contract, so a voter method added later with an `annotatorId` is bound too. */
function takesAnnotator(method: RpcMethod): boolean {
  const input: unknown = rpcContract[method].input;
  return input instanceof z.ZodObject && Object.hasOwn(input.shape, 'annotatorId');
}

const anotherAnnotator = (method: string, voter: Voter) =>
  new LhbError('forbidden', `${method} refused: this invite link votes as ${voter.annotatorName} and cannot act for another annotator. Nothing was read or changed.`);
