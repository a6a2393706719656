import type { z } from 'zod';
import type { RpcErrorCode } from '../../schemas/errors.ts';

/** An error a caller can act on, carried by both transports as `{error:{code,message}}`. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: RpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** "jobId: Invalid input: expected string, received number" — one clause per problem, field first. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(input)';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}
