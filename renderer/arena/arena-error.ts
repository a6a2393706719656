import { RpcCallError } from '../api/rpc-call-error.ts';

/** "Could not record your vote: <what the server said>. <what to do next>" */
export function arenaErrorMessage(what: string, error: unknown, next: string): string {
  const detail = error instanceof RpcCallError || error instanceof Error ? error.message : String(error);
  return `Could not ${what}: ${detail.replace(/\.$/, '')}. ${next}`;
}

export function isConflict(error: unknown): boolean {
  return error instanceof RpcCallError && error.code === 'conflict';
}
