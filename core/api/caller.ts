import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who made an RPC call, as its transport established it. Electron's window and the CLI are the
 * workspace's owner; over HTTP the launch token is the owner and an invite link's token is a voter,
 * bound to one annotator profile, or an annotator, bound to their plan in one data room.
 */
export type Caller =
  | { role: 'owner' }
  | { role: 'voter'; inviteId: string; annotatorId: string; annotatorName: string; expiresAt: string }
  /** An SME's invite link: their own plan in one data room, nothing else (core/api/plan-invite-scope.ts). */
  | { role: 'annotator'; inviteId: string; annotatorId: string; annotatorName: string; dataRoomId: string; expiresAt: string };

export const OWNER: Caller = { role: 'owner' };

/** What a transport knows about one call beyond its input. */
export interface CallFacts {
  caller: Caller;
  /**
   * Where this caller reaches the arena asset server, when it is not the context's default: a
   * browser on another machine uses the address it reached the app at, never `localhost`.
   */
  assetOrigin?: string;
  /**
   * The caller runs in the server's own process (the CLI), so the server's environment is the
   * one the caller set: a missing variable is the caller's to set, with no server to restart.
   */
  inServerProcess?: boolean;
}

const calls = new AsyncLocalStorage<CallFacts>();

/** Runs one call with its facts; handlers that need them read `currentCaller()` / `currentAssetOrigin()`. */
export const runCall = <T>(facts: CallFacts, run: () => T): T => calls.run(facts, run);

export const currentCaller = (): Caller => calls.getStore()?.caller ?? OWNER;

export const currentAssetOrigin = (): string | undefined => calls.getStore()?.assetOrigin;

export const callerInServerProcess = (): boolean => calls.getStore()?.inServerProcess === true;
