import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportSubset } from '../../schemas/export.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { importFolder } from './import-folder.fixture.ts';
import { tableCounts } from './table-counts.fixture.ts';

// The audit's cases: every row of every subset goes through the app's own limits, whether or not
// its id is already in the workspace; and a row whose id is here with other content, or that the
// file holds twice, is reported as a conflict with both versions, never dropped silently.

type Row = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

let dir: string;
let source: Api;
let target: Api;
const exported = () => join(dir, 'export');

/** A copy of the export with `edit` applied to the rows of one subset (all its files, in order). */
function editedCopy(name: string, subset: ExportSubset, edit: (rows: Row[]) => Row[]): string {
  const copy = join(dir, name);
  cpSync(exported(), copy, { recursive: true });
  const folder = join(copy, 'data', subset);
  const files = readdirSync(folder).filter((file) => file.endsWith('.jsonl')).sort();
  const rows = files.flatMap((file) => readFileSync(join(folder, file), 'utf8').trimEnd().split('\n').filter(Boolean).map((line) => ({ file, row: JSON.parse(line) as Row })));
  const edited = edit(rows.map((entry) => entry.row));
  // Rows keep their file; a row added by `edit` goes to the first file, and the card's counts follow.
  const byFile = new Map(files.map((file) => [file, [] as Row[]]));
  edited.forEach((row, index) => byFile.get(rows[index]?.row === row ? rows[index]!.file : files[0]!)!.push(row));
  for (const [file, fileRows] of byFile) writeFileSync(join(folder, file), fileRows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  const card = join(copy, 'README.md');
  writeFileSync(card, readFileSync(card, 'utf8').replace(/num_examples: \d+/g, (match, offset: number, text: string) => rewriteCount(match, offset, text, subset, byFile)));
  return copy;
}

/** The card's num_examples of `subset`'s splits set to the rows each file now holds. */
function rewriteCount(match: string, offset: number, text: string, subset: string, byFile: Map<string, Row[]>): string {
  const before = text.slice(0, offset);
  const config = before.lastIndexOf('- config_name: ');
  if (!before.slice(config).startsWith(`- config_name: ${subset}\n`)) return match;
  const split = /name: (\w+)\s*$/.exec(before)?.[1];
  const file = [...byFile.keys()].find((name) => name.startsWith(`${split}-`));
  return file ? `num_examples: ${byFile.get(file)!.length}` : match;
}

const importInto = (folder: string) => importFolder(target, folder);

async function refused(folder: string): Promise<string> {
  const before = tableCounts(target.context.workspace.db);
  const outcome = await importInto(folder);
  expect(outcome.state, outcome.message).toBe('failed');
  expect(tableCounts(target.context.workspace.db)).toEqual(before);
  return outcome.message;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-row-checks-'));
  source = await openApi(join(dir, 'source'));
  await source.call('export.hf', { outDir: exported(), includeSynthetic: true, format: 'jsonl' });
  await source.context.jobs.idle();
  target = await openApi(join(dir, 'target'), { emptyProject: { name: 'Target' } });
  // Every id of the export is now in the target: the checks below must hold for rows already here.
  const first = await importInto(exported());
  expect(first.state, first.message).toBe('succeeded');
}, 240_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

const RLO = '\u202e';

describe('sources', () => {
  it('refuses an id holding NUL', async () => {
    const folder = editedCopy('source-nul', 'sources', (rows) => ((rows[0]!.source_id = `${rows[0]!.source_id}\u0000x`), rows));
    expect(await refused(folder)).toMatch(/data\/sources\/\S+ line 1: field source_id holds a control character \(U\+0000\)/);
  });

  it('reports a version whose id is here with other text as a conflict with both versions', async () => {
    let versionId = '';
    const folder = editedCopy('source-other-text', 'sources', (rows) => {
      const row = rows[0]!;
      versionId = row.version_id;
      row.lines[0].text = `${row.lines[0].text} (changed elsewhere)`;
      row.markdown_sha256 = createHash('sha256').update(row.lines.map((line: { text: string }) => line.text).join('\n')).digest('hex');
      return rows;
    });
    const outcome = await importInto(folder);
    expect(outcome.state, outcome.message).toBe('succeeded');
    const conflict = outcome.result!.conflicts.find((candidate) => candidate.id === versionId);
    expect(conflict).toMatchObject({ kind: 'source-version', keptAs: null });
    expect(conflict!.incoming).toContain('(changed elsewhere)');
    expect(conflict!.local).not.toContain('(changed elsewhere)');
  });
});

describe('ids met again', () => {
  it("importing the same export again, or into the workspace that wrote it, lists no conflict and adds nothing", async () => {
    for (const api of [target, source]) {
      const before = tableCounts(api.context.workspace.db);
      const outcome = await importFolder(api, exported());
      expect(outcome.state, outcome.message).toBe('succeeded');
      expect(outcome.result!.conflicts).toEqual([]);
      expect(outcome.result!.subsets.reduce((sum, subset) => sum + subset.added, 0)).toBe(0);
      expect(tableCounts(api.context.workspace.db)).toEqual(before);
    }
  }, 120_000);

  it('reports a version whose id is here with the same text but another outline and file name as a conflict, not as unchanged', async () => {
    let versionId = '';
    const folder = editedCopy('source-other-outline', 'sources', (rows) => {
      const row = rows.find((candidate) => candidate.sections.length > 0)!;
      versionId = row.version_id;
      row.sections[0].title = 'Planted heading';
      row.original_name = 'other-file.pdf';
      return rows;
    });
    const before = tableCounts(target.context.workspace.db);
    const outcome = await importInto(folder);
    expect(outcome.state, outcome.message).toBe('succeeded');
    const conflict = outcome.result!.conflicts.find((candidate) => candidate.id === versionId);
    expect(conflict).toMatchObject({ kind: 'source-version', keptAs: null });
    expect(conflict!.incoming).toContain('Planted heading');
    expect(conflict!.incoming).toContain('other-file.pdf');
    expect(conflict!.local).not.toContain('Planted heading');
    expect(outcome.result!.subsets.find((subset) => subset.subset === 'sources')!.conflicts).toBe(1);
    expect(tableCounts(target.context.workspace.db)).toEqual(before);
  });
});

describe('chapters and their citations', () => {
  const firstCited = (rows: Row[]) => rows.find((row) => row.citations.length > 0)!;

  it('refuses a citation at line -5, even one whose id is already here', async () => {
    const folder = editedCopy('citation-negative', 'chapters', (rows) => ((firstCited(rows).citations[0].start_line = -5), rows));
    expect(await refused(folder)).toMatch(/data\/chapters\/\S+ line \d+: field citations\[0\]\.start_line is -5; lines are numbered from 1/);
  });

  it("refuses a citation past the end of its source's lines", async () => {
    const folder = editedCopy('citation-past-end', 'chapters', (rows) => ((firstCited(rows).citations[0].end_line = 99_999), rows));
    expect(await refused(folder)).toMatch(/field citations\[0\] cites lines \d+–99999 of source version \S+, which has \d+ lines/);
  });

  it('refuses a chapter title longer than the app accepts', async () => {
    // 300 characters, and the " (from import)" of a chapter an earlier import kept beside another.
    const folder = editedCopy('chapter-long-title', 'chapters', (rows) => ((rows[0]!.title = 'T'.repeat(315)), rows));
    expect(await refused(folder)).toMatch(/field title is 315 characters long; the app takes at most 314/);
  });
});

describe('preferences', () => {
  it('refuses rating 99 on a vote already here', async () => {
    const folder = editedCopy('vote-rating-99', 'preferences', (rows) => ((rows[0]!.rating_left = 99), rows));
    expect(await refused(folder)).toMatch(/field rating_left is 99; ratings are 1 to 5/);
  });

  it('refuses a reason past the 10,000 characters a vote takes', async () => {
    const folder = editedCopy('vote-long-reason', 'preferences', (rows) => ((rows[0]!.reason = 'r'.repeat(10_001)), rows));
    expect(await refused(folder)).toMatch(/field reason is 10001 characters long; the app takes at most 10000/);
  });

  it('refuses an annotator id holding a right-to-left override', async () => {
    const folder = editedCopy('vote-rlo', 'preferences', (rows) => ((rows[0]!.annotator_id = `ann${RLO}gpj.exe`), rows));
    expect(await refused(folder)).toMatch(/field annotator_id holds a bidirectional control character \(U\+202E\)/);
  });
});

describe('judgments', () => {
  it('refuses a judgment naming a rubric set that exists neither in the export nor here', async () => {
    const folder = editedCopy('judgment-missing-set', 'judgments', (rows) => {
      rows[0]!.rubric_set = 'no-such-set';
      return rows;
    });
    expect(await refused(folder)).toMatch(/field rubric_set names the rubric set no-such-set@\S+ \(\d-point\), which is neither in the export's rubrics subset nor in this workspace/);
  });

  it('refuses a score outside its scale', async () => {
    const folder = editedCopy('judgment-score', 'judgments', (rows) => {
      const row = rows.find((candidate) => candidate.status === 'ok')!;
      row.score = 42;
      return rows;
    });
    expect(await refused(folder)).toMatch(/field score is 42; a \d-point judgment scores \d to \d/);
  });

  it('reports a judgment whose id is here with another score, and one the file holds twice, as conflicts with both versions', async () => {
    let changed = '';
    let twice = '';
    const folder = editedCopy('judgment-conflicts', 'judgments', (rows) => {
      const ok = rows.filter((candidate) => candidate.status === 'ok');
      changed = ok[0]!.judgment_id;
      ok[0]!.score = ok[0]!.score === 1 ? 2 : 1;
      twice = ok[1]!.judgment_id;
      return [...rows, { ...ok[1]!, rationale: 'Another rationale for the same id.' }];
    });
    const outcome = await importInto(folder);
    expect(outcome.state, outcome.message).toBe('succeeded');
    const conflicts = outcome.result!.conflicts.filter((conflict) => conflict.kind === 'judgment');
    expect(conflicts.map((conflict) => conflict.id).sort()).toEqual([changed, twice].sort());
    const repeated = conflicts.find((conflict) => conflict.id === twice)!;
    expect(repeated.detail).toMatch(/repeats the id of .* line \d+ with other content; the first is kept/);
    expect(repeated.incoming).toContain('Another rationale for the same id.');
    expect(repeated.local).not.toContain('Another rationale for the same id.');
    expect(outcome.result!.subsets.find((subset) => subset.subset === 'judgments')!.conflicts).toBe(2);
  });
});

describe('runs', () => {
  it('refuses a model name of a megabyte', async () => {
    const folder = editedCopy('run-huge-model', 'runs', (rows) => ((rows[0]!.model = 'm'.repeat(1 << 20)), rows));
    expect(await refused(folder)).toMatch(/field model is 1048576 characters long; the app takes at most 200/);
  });

  it('refuses a model name holding NUL and a task title holding a right-to-left override, naming the field', async () => {
    const nul = editedCopy('run-nul-model', 'runs', (rows) => ((rows[0]!.model = 'gpt\u0000x'), rows));
    expect(await refused(nul)).toMatch(/data\/runs\/\S+ line 1: field model holds a control character \(U\+0000\); names never do\./);
    const rlo = editedCopy('run-rlo-title', 'runs', (rows) => ((rows[0]!.task_title = `Pricing${RLO}fdp.exe`), rows));
    expect(await refused(rlo)).toMatch(/data\/runs\/\S+ line 1: field task_title holds a bidirectional control character \(U\+202E\)/);
  });

  it("refuses a run's turn with more recovered errors than errors, and a turn numbered twice, even on a run already here", async () => {
    const turn = (number: number, errors: number, recovered: number) => ({
      turn: number, status: 'succeeded', duration_ms: 1000, tokens_input: 10, tokens_output: 5, steps: 2, errors, recovered_errors: recovered, files_changed: null, lines_changed: null, untouched_share: null,
    });
    const overRecovered = editedCopy('run-turn-over-recovered', 'runs', (rows) => ((rows[0]!.turns = [turn(1, 0, 0), turn(2, 1, 3)]), rows));
    expect(await refused(overRecovered)).toMatch(/data\/runs\/\S+ line 1: field turns\[1\] has 3 recovered errors of 1\./);
    const twice = editedCopy('run-turn-twice', 'runs', (rows) => ((rows[0]!.turns = [turn(1, 0, 0), turn(1, 0, 0)]), rows));
    expect(await refused(twice)).toMatch(/field turns\[1\] is turn 1 a second time\./);
    const negative = editedCopy('run-turn-negative', 'runs', (rows) => ((rows[0]!.turns = [turn(1, 0, 0), { ...turn(2, 0, 0), tokens_input: -4 }]), rows));
    expect(await refused(negative)).toMatch(/field turns\[1\]\.tokens_input is -4; a count, duration or share is never negative\./);
  });

  it('refuses a run that lists one artifact path twice', async () => {
    const folder = editedCopy('run-artifact-twice', 'runs', (rows) => {
      rows[0]!.artifacts = [{ path: 'dist/index.html', sha256: 'a'.repeat(64), size_bytes: 3 }, { path: 'dist/index.html', sha256: 'b'.repeat(64), size_bytes: 4 }];
      return rows;
    });
    expect(await refused(folder)).toMatch(/field artifacts\[1\] names dist\/index\.html a second time\./);
  });

  it('reports a run whose id is here with another digest as a conflict with both versions', async () => {
    let runId = '';
    const folder = editedCopy('run-other-digest', 'runs', (rows) => {
      runId = rows[0]!.run_id;
      rows[0]!.digest = 'f'.repeat(64);
      rows[0]!.status = rows[0]!.status === 'failed' ? 'succeeded' : 'failed';
      return rows;
    });
    const outcome = await importInto(folder);
    expect(outcome.state, outcome.message).toBe('succeeded');
    const conflict = outcome.result!.conflicts.find((candidate) => candidate.id === runId);
    expect(conflict).toMatchObject({ kind: 'run', keptAs: null });
    expect(conflict!.incoming).toContain('f'.repeat(64));
    expect(conflict!.local).not.toContain('f'.repeat(64));
  });
});

describe('runs met again', () => {
  it('reports a run whose id and digest are here with another model and finish time as a conflict, not as unchanged', async () => {
    let runId = '';
    let model = '';
    const folder = editedCopy('run-other-model', 'runs', (rows) => {
      runId = rows[0]!.run_id;
      model = rows[0]!.model;
      rows[0]!.model = 'planted-model';
      rows[0]!.finished_at = '2031-01-01T00:00:00.000Z';
      return rows;
    });
    const outcome = await importInto(folder);
    expect(outcome.state, outcome.message).toBe('succeeded');
    const conflict = outcome.result!.conflicts.find((candidate) => candidate.id === runId);
    expect(conflict).toMatchObject({ kind: 'run', keptAs: null });
    expect(conflict!.incoming).toContain('planted-model');
    expect(conflict!.local).toContain(model);
    expect(conflict!.local).not.toContain('planted-model');
    expect(outcome.result!.subsets.find((subset) => subset.subset === 'runs')).toMatchObject({ conflicts: 1 });
    // The workspace's run stays as it was.
    expect(target.context.workspace.db.prepare('SELECT model FROM runs WHERE id = ?').get(runId)).toEqual({ model });
  });
});

describe('rubric sets', () => {
  it('refuses a set whose id is already here but whose rubrics are not valid', async () => {
    const folder = editedCopy('rubric-invalid', 'rubrics', (rows) => ((rows[0]!.rubrics = []), rows));
    expect(await refused(folder)).toMatch(/data\/rubrics\/\S+ line 1 is not a valid rubric set: field rubrics/);
  });
});

describe("the judges' records kept apart", () => {
  /** Two exported runs of one task (the demo's arena bundles), in run id order. */
  const pairOfRuns = (): [Row, Row] => {
    const runs = readFileSync(join(exported(), 'data', 'runs', 'train-00000-of-00001.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Row);
    const [a, b] = runs.filter((run) => run.task_id === 'demo-figma-pricing').sort((x, y) => (x.run_id < y.run_id ? -1 : 1));
    return [a!, b!];
  };

  it('refuses a pairwise verdict whose verdict is not what its two picks give, naming the file and row', async () => {
    const [a, b] = pairOfRuns();
    const folder = editedCopy('verdict-picks', 'pairwise_verdicts', (rows) => [
      ...rows,
      {
        verdict_id: 'v-bad', task_id: a.task_id, run_a: a.run_id, run_b: b.run_id, judge: 'j', judge_model: 'm', tier: 'output', status: 'ok',
        first_pick: 'a', second_pick: 'b', verdict: 'a', flipped: false, first_reason: null, second_reason: null, failure: null,
        tokens_input: 10, tokens_output: 2, cost_usd: null, created_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(await refused(folder)).toContain('data/pairwise_verdicts/train-00000-of-00001.jsonl line 1: fields verdict "a" and flipped false are not what its picks give (a then b: verdict tie, flipped true).');
  });

  it('refuses a control judgment under a control the app does not make, naming the file and row', async () => {
    const [a] = pairOfRuns();
    const folder = editedCopy('control-kind', 'control_judgments', (rows) => [
      ...rows,
      {
        control_judgment_id: 'c-bad', control: 'blank', run_id: a.run_id, task_id: a.task_id, judge: 'j', judge_model: 'm', tier: 'output', rubric_set: '', rubric_set_version: 'v1',
        rubric: 'Layout', scale: 5, turn: null, status: 'ok', score: 3, level: '3', evidence: '', failure: null, reply_id: 'r-1', tokens_input: null, tokens_output: null, cost_usd: null,
        created_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(await refused(folder)).toContain('data/control_judgments/train-00000-of-00001.jsonl line 1: field control is "blank", not no-artifact.');
  });

  it('refuses a harness guess whose correct is not what its answer gives, or that names another harness than its run\'s, naming the file and line', async () => {
    const [a] = pairOfRuns();
    const other = a.harness === 'codex' ? 'claude-code' : 'codex';
    const guess = (overrides: Row): Row => ({
      guess_id: 'g-bad', run_id: a.run_id, task_id: a.task_id, judge: 'j', judge_model: 'm', tier: 'process', turn: null, harness: a.harness, choices: [other, a.harness],
      status: 'ok', guess: other, correct: false, reason: '', failure: null, tokens_input: 10, tokens_output: 2, cost_usd: null, created_at: '2026-01-01T00:00:00.000Z', ...overrides,
    });
    const markedRight = editedCopy('guess-correct', 'harness_guesses', (rows) => [...rows, guess({ correct: true })]);
    expect(await refused(markedRight)).toContain(`data/harness_guesses/train-00000-of-00001.jsonl line 1: field correct is true, but the guess "${other}" about a run made by ${a.harness} is not right; fix correct.`);
    const otherHarness = editedCopy('guess-harness', 'harness_guesses', (rows) => [...rows, guess({ harness: other, guess: other, correct: true })]);
    expect(await refused(otherHarness)).toContain(`data/harness_guesses/train-00000-of-00001.jsonl line 1: field harness is "${other}", but run ${a.run_id} was made by ${a.harness}`);
    // The same row, told right, is taken.
    const fine = await importInto(editedCopy('guess-fine', 'harness_guesses', (rows) => [...rows, guess({})]));
    expect(fine.state, fine.message).toBe('succeeded');
    expect(fine.result!.subsets.find((subset) => subset.subset === 'harness_guesses')).toMatchObject({ added: 1 });
  });
});
