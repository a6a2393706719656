import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JUDGE_PROVIDER_IDS, judgeProviderChoices } from '../../../schemas/judge-provider-ids.ts';
import { JudgeProviderIdSchema } from '../../../schemas/judge.ts';
import { JUDGE_PROVIDERS, judgeProviderLines } from './judge-providers.ts';

describe('the judge providers', () => {
  it('are the schema\'s names, each with one entry', () => {
    expect(Object.keys(JUDGE_PROVIDERS)).toEqual([...JUDGE_PROVIDER_IDS]);
    expect(JudgeProviderIdSchema.options).toEqual([...JUDGE_PROVIDER_IDS]);
  });

  it('are listed by the README as the list says', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    // The judges file's shape spans lines in the README; its provider choices do not.
    expect(readme).toContain(`"provider": ${judgeProviderChoices()}`);
    for (const line of judgeProviderLines()) expect(readme.split('\n')).toContain(line);
  });
});
