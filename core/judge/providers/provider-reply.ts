import type { z } from 'zod';
import { ProviderError } from './judge-provider.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/**
 * A 2xx body read through the wire format's schema. A body of another shape means the base URL
 * reaches something that is not this API (or a gateway mangled it): a server-kind error, so a
 * transient mangling is retried and a wrong URL fails after the attempts with this message.
 */
export function parseProviderReply<T extends z.ZodType>(schema: T, body: unknown, label: string, format: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ProviderError('server', `${label}: the reply is not ${article(format)} response (${describeZodIssues(parsed.error, 'the body', 1)}). Check that the judge's provider and baseUrl point at ${article(format)} API.`);
}

/** The model declined, or a safety filter removed the answer: nothing to score, and asking again the same way will not change that. */
export function refusedError(label: string, detail: string): ProviderError {
  return new ProviderError('refused', `${label}: the model gave no answer to score (${detail}). This request is not retried.`);
}

function article(format: string): string {
  return /^[AEIOU]/.test(format) ? `an ${format}` : `a ${format}`;
}
