import { RpcCallError } from '../api/rpc-call-error.ts';

/** "Could not add the chapter: <what the server said>" — the server's messages say what to do next. */
export function errorMessage(what: string, error: unknown): string {
  const detail = error instanceof RpcCallError || error instanceof Error ? error.message : String(error);
  return `Could not ${what}: ${detail}`;
}
