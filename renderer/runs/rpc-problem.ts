import { RpcCallError } from '../api/rpc-call-error.ts';

/** "Could not cancel the study: <what the server said>. <what to do next>" */
export function couldNot(what: string, error: unknown, next: string): string {
  return `Could not ${what}: ${serverMessage(error).replace(/\.$/, '')}. ${next}`;
}

/** What the server (or the connection) said, as it said it. */
export function serverMessage(error: unknown): string {
  return error instanceof RpcCallError || error instanceof Error ? error.message : String(error);
}
