import { HubApiError } from '@huggingface/hub';
import { LhbError } from '../../../schemas/lhb-error.ts';
import type { HubPushWords } from './hub-push-words.ts';

/**
 * A push's failure in words that say what to do, chosen by the Hub's HTTP status (or the
 * network error's code), never by its wording; the Hub's own words follow as the detail. The
 * token is named by where it came from, never shown.
 */
export function hubPushError(error: unknown, where: { repo: string; hubUrl: string; revision: string; tokenSource: string }, words: HubPushWords): unknown {
  if (error instanceof LhbError) return error;
  const repo = `datasets/${where.repo} on ${where.hubUrl}`;
  const resume = `${words.again} once that is fixed: what already arrived is not sent again.`;
  if (error instanceof HubApiError) {
    const said = ` (the Hub said ${error.statusCode}: ${error.message})`;
    if (error.statusCode === 401) {
      return new LhbError('unauthorized', `The Hub refused the token from ${where.tokenSource}: it is not valid there or has expired. Create a token with write access at https://huggingface.co/settings/tokens and set HF_TOKEN, or log in with \`hf auth login\`.${said}`, { field: 'token', cause: error });
    }
    if (error.statusCode === 403) {
      return new LhbError('forbidden', `The token from ${where.tokenSource} may not write to ${repo}: use a token with write access to ${where.repo.split('/')[0]} (a fine-grained token needs write access to that namespace's repositories).${said}`, { field: 'token', cause: error });
    }
    if (error.statusCode === 404) {
      return new LhbError('not_found', `${repo} (revision ${where.revision}) was not found: check ${words.repo}, ${words.revision} and ${words.hubUrl}; a private repository the token may not read looks missing too.${said}`, { field: words.repoField, cause: error });
    }
    return new LhbError('internal', `The push to ${repo} failed${said}. ${resume}`, { cause: error });
  }
  const code = networkErrorCode(error);
  if (code) return new LhbError('internal', `Could not reach ${where.hubUrl} (${code}): check ${words.hubUrl} and the network. ${resume}`, { field: 'hubUrl', cause: error });
  return error;
}

/** `ECONNREFUSED`, `ENOTFOUND`…: what fetch's TypeError carries as its cause's code. */
function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}
