import { describeError } from '../api/describe-error.ts';

/** "Could not add the chapter: <what the server said>" — the server's messages say what to do next. */
export function errorMessage(what: string, error: unknown): string {
  return `Could not ${what}: ${describeError(error)}`;
}
