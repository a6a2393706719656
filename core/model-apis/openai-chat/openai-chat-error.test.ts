import { describe, expect, it } from 'vitest';
import { fieldNotTaken } from './openai-chat-error.ts';

// Error bodies as OpenAI writes them (https://platform.openai.com/docs/guides/error-codes), and
// shapes other servers send, so the judge's field switch reads only what a body states.
describe("OpenAI's error body", () => {
  it('names the field a reasoning model does not take, from param and code', () => {
    const body = {
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      },
    };
    expect(fieldNotTaken(body)).toBe('max_tokens');
    expect(fieldNotTaken({ error: { message: "Unknown parameter: 'max_completion_tokens'.", type: 'invalid_request_error', param: 'max_completion_tokens', code: 'unknown_parameter' } })).toBe(
      'max_completion_tokens',
    );
  });

  it('names none when the field is refused for its value, or no param is given, whatever the words say', () => {
    expect(fieldNotTaken({ error: { message: "Invalid 'max_tokens': integer below minimum value.", type: 'invalid_request_error', param: 'max_tokens', code: 'integer_below_min_value' } })).toBeNull();
    expect(fieldNotTaken({ error: { message: 'Unrecognized request argument supplied: max_completion_tokens', type: 'invalid_request_error', param: null, code: null } })).toBeNull();
    expect(fieldNotTaken({ error: { message: "Unsupported parameter: 'max_tokens'", type: 'invalid_request_error', param: 'max_tokens' } })).toBeNull();
  });

  it('names none in bodies of other shapes', () => {
    expect(fieldNotTaken({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } })).toBeNull();
    expect(fieldNotTaken({ error: 'max_tokens is not supported' })).toBeNull();
    expect(fieldNotTaken({ detail: 'Not Found' })).toBeNull();
    expect(fieldNotTaken(null)).toBeNull();
  });
});
