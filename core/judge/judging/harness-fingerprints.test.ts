import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { extractErrors } from '../../runs/trajectory/extract-errors.ts';
import { parseTranscriptFile } from '../../runs/trajectory/parse-harness-transcript.ts';
import { transcriptFixturePath } from '../../runs/harnesses/transcript-fixture-path.fixture.ts';
import { blindfoldFor } from './blind-text.ts';
import { condenseTrajectory, withoutLineNumbers } from './condense-trajectory.ts';
import { fingerprintsIn } from './harness-fingerprints.ts';
import { harnessFolderNames, harnessNames } from './run-identity.ts';

const HARNESSES: HarnessId[] = ['claude-code', 'codex', 'gemini-cli'];

/** Every real transcript kept with the three CLIs' adapters (their fixtures' READMEs say how each was made). */
function realTranscripts(): { harness: HarnessId; file: string }[] {
  return HARNESSES.flatMap((harness) => {
    const folder = transcriptFixturePath(`${harness}/x`).replace(/\/x$/, '');
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.jsonl'))
      .map((file) => ({ harness, file: `${harness}/${file}` }));
  });
}

async function condensed(harness: HarnessId, file: string, blinded: boolean): Promise<string> {
  const trajectory = await parseTranscriptFile(harness, transcriptFixturePath(file));
  const blind = blindfoldFor({
    ids: [],
    names: [...(trajectory.model ? [{ value: trajectory.model, shownAs: '[model]' }] : []), ...harnessNames().map((value) => ({ value, shownAs: '[harness]' }))],
    folders: [],
    harnessFolders: harnessFolderNames(),
  });
  return condenseTrajectory(trajectory, extractErrors(trajectory), blinded ? { blind } : {});
}

describe('the fingerprint scan', () => {
  it('finds a harness’s tool names nobody writes by chance, its result phrases and its settings folders, and not everyday words', () => {
    const found = fingerprintsIn('ran run_shell_command, then TodoWrite and read_file; wrote .claude/skills/x and .gemini; "Command exited with code: 1"; File created successfully at: a.txt');
    expect(found.map((print) => [print.harness, print.kind, print.found])).toEqual(
      expect.arrayContaining([
        ['gemini-cli', 'tool name', 'run_shell_command'],
        ['claude-code', 'tool name', 'TodoWrite'],
        ['gemini-cli', 'result phrase', 'Command exited with code: 1'],
        ['claude-code', 'result phrase', 'File created successfully at: '],
        ['claude-code', 'settings folder', '.claude'],
        ['gemini-cli', 'settings folder', '.gemini'],
      ]),
    );
    expect(fingerprintsIn('Read the file, then Bash it; replace the word; grep for it; def read_file(path); the exit code was 1; a file.claude.txt')).toEqual([]);
  });

  // The acceptance of issue 42's "swapped identity" control: what a judge reads of each real run
  // carries nothing a harness alone prints, though the raw results do.
  it.each(realTranscripts())('$file: the condensed trajectory a judge reads has no fingerprint', async ({ harness, file }) => {
    expect(fingerprintsIn(await condensed(harness, file, true))).toEqual([]);
  });

  it('would find what the blinding removes: the raw results of Claude Code’s and Gemini CLI’s runs carry their phrases', async () => {
    const claude = fingerprintsIn(await condensed('claude-code', 'claude-code/four-tools.jsonl', false));
    expect(claude.map((print) => print.found)).toContain('File created successfully at: ');
    const gemini = fingerprintsIn(await condensed('gemini-cli', 'gemini-cli/tool-errors.jsonl', false));
    expect(gemini.map((print) => print.found)).toContain('Command exited with code: 1');
  });

  it('reads a file without the harness’s line numbers, and leaves other numbered text alone', async () => {
    expect(withoutLineNumbers('1\t---\n2\tname: demo\n3\t')).toBe('---\nname: demo\n');
    expect(withoutLineNumbers('     1→import x\n     2→\n')).toBe('import x\n\n');
    expect(withoutLineNumbers('1\tone\nnot numbered')).toBe('1\tone\nnot numbered');
    const claude = await condensed('claude-code', 'claude-code/four-tools.jsonl', true);
    expect(claude).toMatch(/read\(\{"path":"[^"]*SKILL\.md"\}\) → ok: --- name: demo-skill description:/);
    expect(claude).toMatch(/write\(.*\) → ok: created \S*out\/dist\/index\.html\n/);
  });
});
