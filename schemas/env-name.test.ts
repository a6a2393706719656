import { describe, expect, it } from 'vitest';
import { JudgeConfigSchema } from './judge.ts';
import { EnvNameSchema } from './env-name.ts';
import { StudySpecSchema } from './studies.ts';

describe('an environment variable name', () => {
  it('takes letters, digits and underscores, not starting with a digit', () => {
    for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', '_private', 'key2']) expect(EnvNameSchema.safeParse(name).success, name).toBe(true);
    for (const name of ['', '2KEY', 'MY-KEY', 'KEY NAME', '$KEY', 'KEY=value']) expect(EnvNameSchema.safeParse(name).success, name).toBe(false);
  });

  it('is the same rule for a study and a judge, saying what it wants', () => {
    const study = StudySpecSchema.safeParse({ tasks: ['t'], configurations: [{ harness: 'claude-code', model: 'm' }], apiKeyEnv: 'MY-KEY' });
    const judge = JudgeConfigSchema.safeParse({ name: 'j', provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'm', apiKeyEnv: 'MY-KEY' });
    for (const result of [study, judge]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.find((issue) => issue.path.includes('apiKeyEnv'))?.message).toBe('an environment variable name like ANTHROPIC_API_KEY or OPENAI_API_KEY');
    }
  });
});
