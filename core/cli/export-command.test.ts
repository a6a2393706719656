import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_SUBSETS } from '../../schemas/export.ts';
import { SCORES, seedTwoStudyAblation, STUDY_RUNS, TWO_STUDIES } from '../analysis/two-study-ablation.fixture.ts';
import { seedWorkspace } from './seeded-workspace.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-export-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lhb export hf', () => {
  it('writes the chosen subsets as JSON lines with the card, and prints each file with its rows', () => {
    const out = join(dir, 'release');
    const result = lhb(['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'chapters,runs', '--include-synthetic', '-w', join(dir, 'ws')]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^data\/chapters\/train-00000-of-00001\.jsonl\t3 rows\t\d+ bytes$/),
      expect.stringMatching(/^data\/runs\/train-00000-of-00001\.jsonl\t5 rows\t\d+ bytes$/),
      expect.stringMatching(/^data\/runs\/synthetic-00000-of-00001\.jsonl\t48 rows\t\d+ bytes$/),
      'README.md (dataset card)',
    ]);
    expect(result.stderr).toMatch(/^Exported 56 rows to .*release \(with the synthetic split\)\.\nThe card's license is unknown: give --license ID \(the Hub's ids: https:\/\/huggingface\.co\/docs\/hub\/repositories-licenses\) to state one\.\n$/);
    expect(readdirSync(out).sort()).toEqual(['README.md', 'data']);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toMatch(/^---\nlicense: unknown\n/);
  }, 120_000);

  it('--study exports only that study\'s runs, the judgments of them and the votes between them, and the card names the study', async () => {
    const workspace = join(dir, 'two-studies');
    await seedWorkspace(workspace, seedTwoStudyAblation);
    const out = join(dir, 'first-pass');
    const result = lhb(['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'preferences,judgments,runs', '--study', TWO_STUDIES.one.id, '-w', workspace]);
    expect(result.status, result.stderr).toBe(0);
    const rows = (subset: string) =>
      readFileSync(join(out, 'data', subset, 'train-00000-of-00001.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    // Every run first-pass executed (its cancelled one too), none of second-pass's, the imported run's or the demo's.
    const runs = rows('runs');
    expect(runs.map((run) => run.run_id)).toEqual([...STUDY_RUNS.one].sort());
    expect(new Set(runs.map((run) => run.study_id))).toEqual(new Set([TWO_STUDIES.one.id]));
    expect(rows('judgments').map((row) => row.run_id)).toEqual(STUDY_RUNS.one.filter((id) => SCORES[id] !== undefined).sort());
    // The vote between two of its runs; not the vote across the studies, nor the one with the imported run.
    expect(rows('preferences').map((row) => row.vote_id)).toEqual(['vote-one']);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toContain('> **Study: first-pass.** Only the runs this study executed');
    expect(card).toContain('1 vote by 1 annotator, 3 judgments by 1 judge');

    const unknown = lhb(['export', 'hf', '--out', join(dir, 'nowhere'), '--study', 'no-such-study', '-w', workspace]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No study "no-such-study" in this workspace: `lhb runs status` lists the studies with their ids.');
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  }, 240_000);

  it('refuses an unknown subset or format before opening anything, naming the choices', () => {
    const subsets = lhb(['export', 'hf', '--out', join(dir, 'x'), '--subsets', 'votes', '-w', join(dir, 'ws')]);
    expect(subsets.status).toBe(1);
    expect(subsets.stderr).toContain('--subsets votes: votes is not a subset; choose from sources, chapters, preferences, preference_pairs, judgments, runs, rubrics, skills, tasks, studies, trajectories, pairwise_verdicts, control_judgments, harness_guesses.');
    // The help names the same subsets, every one the export writes.
    const help = lhb(['export', 'hf', '--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(`--subsets <list> comma-separated: ${EXPORT_SUBSETS.join(', ')} (default: all)`);
    const format = lhb(['export', 'hf', '--out', join(dir, 'x'), '--format', 'csv', '-w', join(dir, 'ws')]);
    expect(format.status).toBe(1);
    expect(format.stderr).toContain('--format csv is not one of parquet, jsonl.');
    expect(existsSync(join(dir, 'x'))).toBe(false);
  }, 120_000);

  it('refuses a license the Hub does not know, naming the closest ids and the Hub’s list, and writes nothing', () => {
    const unknown = lhb(['export', 'hf', '--out', join(dir, 'bad-license'), '--license', 'not-a-license', '-w', join(dir, 'ws')]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^lhb: --license not-a-license is not one of the Hub's license ids \(closest: [a-z0-9.+-]+, [a-z0-9.+-]+, [a-z0-9.+-]+\)/);
    expect(unknown.stderr).toContain('https://huggingface.co/docs/hub/repositories-licenses');
    expect(unknown.stderr).toContain('use --license other with --license-name.');
    const typo = lhb(['export', 'hf', '--out', join(dir, 'bad-license'), '--license', 'cc-by-4', '-w', join(dir, 'ws')]);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toContain('--license cc-by-4 is not one of the Hub\'s license ids (closest: cc-by-4.0, ');
    expect(existsSync(join(dir, 'bad-license'))).toBe(false);
  }, 120_000);

  it('writes the Hub’s own id for a license typed in capitals', () => {
    const out = join(dir, 'mit');
    const result = lhb(['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'rubrics', '--license', 'MIT', '-w', join(dir, 'ws')]);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toMatch(/^---\nlicense: mit\n/);
  }, 120_000);

  it('asks for --license-name with --license other, and writes license_name and license_link', () => {
    const missing = lhb(['export', 'hf', '--out', join(dir, 'other'), '--license', 'other', '-w', join(dir, 'ws')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^lhb: --license other needs --license-name: /);
    const spaced = lhb(['export', 'hf', '--out', join(dir, 'other'), '--license', 'other', '--license-name', 'Coqui Public Model License', '-w', join(dir, 'ws')]);
    expect(spaced.status).toBe(1);
    expect(spaced.stderr).toContain('--license-name "Coqui Public Model License" is not a license id');
    expect(spaced.stderr).toContain('coqui-public-model-license');
    const stray = lhb(['export', 'hf', '--out', join(dir, 'other'), '--license', 'mit', '--license-name', 'my-license-1.0', '-w', join(dir, 'ws')]);
    expect(stray.status).toBe(1);
    expect(stray.stderr).toContain('--license-name is only for --license other');
    expect(existsSync(join(dir, 'other'))).toBe(false);

    const out = join(dir, 'other');
    const named = lhb(['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'rubrics', '--license', 'other', '--license-name', 'my-license-1.0', '--license-link', 'https://example.org/my-license', '-w', join(dir, 'ws')]);
    expect(named.status, named.stderr).toBe(0);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toMatch(/^---\nlicense: other\nlicense_name: my-license-1\.0\nlicense_link: https:\/\/example\.org\/my-license\n/);
  }, 120_000);
});
