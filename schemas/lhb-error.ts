import type { z } from 'zod';
import type { RpcErrorCode } from './errors.ts';

/**
 * The one error a caller can act on, thrown by every capability: `code` says what kind of
 * mistake it is (the RPC error code it travels as), `field` the path of the input it concerns
 * (`"skill.dir"`, `"tasks.0"`), when there is one. core/api turns it into the RPC error once, at
 * dispatch; nothing downstream reads its wording to decide what it was.
 */
export class LhbError extends Error {
  override name = 'LhbError';
  readonly field: string | undefined;
  constructor(
    readonly code: RpcErrorCode,
    message: string,
    options: { field?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.field = options.field;
  }
}

/**
 * The base of a named LhbError whose code is always `code`, for a thrower whose callers tell it
 * apart by `instanceof` (`class JobNotFoundError extends lhbErrorOfCode('not_found') {}`).
 */
export function lhbErrorOfCode(code: RpcErrorCode) {
  return class extends LhbError {
    constructor(message: string, options: { field?: string | undefined; cause?: unknown } = {}) {
      super(code, message, options);
    }
  };
}

/** `"rubrics.0.name"`; `''` for the value itself. */
export function zodIssuePath(issue: z.ZodError['issues'][number]): string {
  return issue.path.map(String).join('.');
}

/**
 * "jobId: Invalid input: expected string, received number" — one clause per problem, field
 * first, joined by "; ". `whole` names the value itself when an issue has no path
 * (`(input)`, `(file)`, `the reply`); `max` keeps the first problems only.
 */
export function describeZodIssues(error: z.ZodError, whole = '(input)', max = Infinity): string {
  return error.issues
    .slice(0, max)
    .map((issue) => `${zodIssuePath(issue) || whole}: ${issue.message}`)
    .join('; ');
}

/** A `bad_request` LhbError for input a schema refused: `message` says what, the first issue's path is the field. */
export function lhbErrorOfZod(error: z.ZodError, message: string): LhbError {
  const first = error.issues[0];
  const field = first === undefined ? undefined : zodIssuePath(first) || undefined;
  return new LhbError('bad_request', message, { field });
}
