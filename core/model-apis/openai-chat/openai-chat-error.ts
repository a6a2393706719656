import { z } from 'zod';

/**
 * OpenAI's error body, `{error: {message, type, param, code}}`, as Chat Completions (and the
 * servers copying it: vLLM, gateways) write it. `param` names the request field the error is
 * about (`max_tokens`), `code` says what is wrong with it (`unsupported_parameter`); either may be
 * null, and other servers send other shapes.
 */
const OpenAiErrorBodySchema = z.object({
  error: z.looseObject({
    message: z.string().nullish(),
    type: z.string().nullish(),
    param: z.string().nullish(),
    code: z.string().nullish(),
  }),
});

type OpenAiApiError = z.infer<typeof OpenAiErrorBodySchema>['error'];

/** An error body read as OpenAI's, or null when it is not in that shape. */
function openAiApiErrorOf(body: unknown): OpenAiApiError | null {
  const parsed = OpenAiErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/** The codes by which OpenAI says a request field is one the model or endpoint does not take at all. */
const NOT_TAKEN_CODES: ReadonlySet<string> = new Set(['unsupported_parameter', 'unknown_parameter']);

/**
 * The request field an error refuses as one not taken (OpenAI's reasoning models answer
 * max_tokens with `param: "max_tokens", code: "unsupported_parameter"`), read from the body's
 * structured fields only: null when the body names no field or refuses it for its value.
 */
export function fieldNotTaken(body: unknown): string | null {
  const error = openAiApiErrorOf(body);
  return error?.param && error.code && NOT_TAKEN_CODES.has(error.code) ? error.param : null;
}
