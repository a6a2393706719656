import { afterEach, describe, expect, it } from 'vitest';
import { StudySpecSchema } from '../../../schemas/studies.ts';
import { resolveStudySpec } from './resolve-study-spec.ts';

const spec = () => StudySpecSchema.parse({ tasks: ['t'], configurations: [{ harness: 'codex', model: 'gpt-5.2' }, { harness: 'claude-code', model: 'claude-sonnet-4-5' }] });
const saved = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, CODEX_API_KEY: process.env.CODEX_API_KEY };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('a configuration that names no key variable', () => {
  it('gets its harness’s own variable, and Codex its conventional CODEX_API_KEY when only that one is set', () => {
    delete process.env.OPENAI_API_KEY;
    process.env.CODEX_API_KEY = 'k';
    expect(resolveStudySpec(spec(), '/').configurations.map((c) => c.apiKeyEnv)).toEqual(['CODEX_API_KEY', 'ANTHROPIC_API_KEY']);
    process.env.OPENAI_API_KEY = 'k';
    expect(resolveStudySpec(spec(), '/').configurations[0]!.apiKeyEnv).toBe('OPENAI_API_KEY');
    delete process.env.OPENAI_API_KEY;
    delete process.env.CODEX_API_KEY;
    expect(resolveStudySpec(spec(), '/').configurations[0]!.apiKeyEnv).toBe('OPENAI_API_KEY');
  });
});
