import { describe, expect, it } from 'vitest';
import { HarnessIdSchema } from '../../schemas/trajectory.ts';
import { FlagError, studySpecFromFlags } from './study-spec-from-flags.ts';

const tasks = { ids: ['t'], folders: {} };

describe('lhb runs start --harness', () => {
  it('takes a harness by its id or an alias, and the study runs it under its id', () => {
    const spec = studySpecFromFlags({ harness: ['codex-cli', 'Claude', 'gemini-cli'] }, tasks);
    expect(spec.configurations.map((configuration) => [configuration.harness, configuration.model])).toEqual([
      ['codex', 'gpt-5.5'],
      ['claude-code', 'claude-sonnet-4-5'],
      ['gemini-cli', 'gemini-2.5-pro'],
    ]);
  });

  it('refuses a harness it does not run, naming the ids', () => {
    expect(() => studySpecFromFlags({ harness: ['openhands'] }, tasks)).toThrow(FlagError);
    // The ids in the schema's order (claude-code, codex, gemini-cli, command today), so a new harness needs no line here.
    expect(() => studySpecFromFlags({ harness: ['openhands'] }, tasks)).toThrow(`--harness openhands: not a harness lhb runs. Choose from ${HarnessIdSchema.options.join(', ')} (an alias such as codex-cli names the same harness).`);
  });
});
