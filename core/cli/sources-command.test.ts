import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLineRange } from './sources-command.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const DEMO = fileURLToPath(new URL('../../datasets/demo/sources/', import.meta.url));

let dir: string;
let workspace: string;
/** Copies of the demo sources under names the seeded demo data room does not use. */
let room: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-sources-cli-'));
  workspace = join(dir, 'workspace');
  room = join(dir, 'room');
  mkdirSync(room);
  copyFileSync(join(DEMO, 'dashboard-review.pdf'), join(room, 'field-review.pdf'));
  copyFileSync(join(DEMO, 'scoring-guide.html'), join(room, 'judging-guide.html'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Each run is a fresh process (and the first one seeds the demo data room): allow for a busy machine.
const SPAWNING_TEST_TIMEOUT_MS = 180_000;

const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--workspace', workspace], { encoding: 'utf8' });

describe('lhb sources', () => {
  it('add --json prints one object per source, reports a broken file on stderr and exits 1 after importing the rest', () => {
    const broken = join(dir, 'broken.pdf');
    writeFileSync(broken, readFileSync(join(DEMO, 'dashboard-review.pdf')).subarray(0, 2000));
    const result = lhb('sources', 'add', join(room, 'field-review.pdf'), join(room, 'judging-guide.html'), broken, join(dir, 'missing.md'), '--json');
    expect(result.status).toBe(1);
    const printed = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(printed.map((source) => Object.keys(source))).toEqual([
      ['id', 'title', 'type', 'lineCount', 'sha256', 'sections'],
      ['id', 'title', 'type', 'lineCount', 'sha256', 'sections'],
    ]);
    expect(printed[0]).toMatchObject({ id: 'field-review', type: 'pdf', lineCount: 56, title: 'Reviewing an agent-built operations dashboard' });
    expect(printed[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((printed[0]!.sections as unknown[])[0]).toEqual({ title: 'Reviewing an agent-built operations dashboard', level: 1, startLine: 1, endLine: 56 });
    expect(printed[1]).toMatchObject({ id: 'judging-guide', type: 'web' });
    expect(result.stderr).toContain('lhb: broken.pdf is a truncated PDF');
    expect(result.stderr).toMatch(/lhb: .*missing\.md does not exist/);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('renormalise leaves sources the current normaliser made as they are, and names an id it does not know', () => {
    expect(lhb('sources', 'add', join(room, 'field-review.pdf')).status).toBe(0);
    const all = lhb('sources', 'renormalise');
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/^unchanged +field-review$/m);
    const unknown = lhb('sources', 'renormalise', 'field-review', 'no-such-source', '--json');
    expect(unknown.status).toBe(1);
    expect(unknown.stdout.trim().split('\n').map((line) => JSON.parse(line) as { status: string; sourceId: string })).toEqual([expect.objectContaining({ status: 'unchanged', sourceId: 'field-review' })]);
    expect(unknown.stderr).toMatch(/No source with id no-such-source .*lhb sources list/);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('list and show print the imported source, with numbered lines', () => {
    const add = lhb('sources', 'add', room);
    expect(add.status).toBe(0);
    expect(add.stdout).toMatch(/^added +field-review {2}pdf, 56 lines, 10 sections {2}Reviewing an agent-built operations dashboard$/m);
    expect(add.stderr).toContain('Imported 2 sources');
    const list = lhb('sources', 'list', '--json');
    expect(list.status).toBe(0);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((s) => s.id)).toEqual(expect.arrayContaining(['field-review', 'judging-guide']));
    const table = lhb('sources', 'list');
    expect(table.stdout).toMatch(/^ID +TYPE +LINES +VERSION +ROOM +TITLE\n/);
    expect(table.stdout).toMatch(/field-review +pdf +56 +v1 +.+ +Reviewing an agent-built operations dashboard/);

    const show = lhb('sources', 'show', 'field-review', '--lines', '14-17');
    expect(show.status).toBe(0);
    expect(show.stdout).toBe(
      [
        '0014| - Do the regional totals add up to the weekly total?',
        '0015| - Is the current, partial week marked as partial?',
        '0016| - Does each empty or failed panel say what happened?',
        '0017| - Can the charts be read without relying on colour alone?',
        '',
      ].join('\n'),
    );
    const unknown = lhb('sources', 'show', 'no-such-source');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No source with id no-such-source');
  }, SPAWNING_TEST_TIMEOUT_MS);
});

describe('parseLineRange', () => {
  it('reads A-B and A, clamping the end to the last line', () => {
    expect(parseLineRange('12-15', 'doc', 45)).toEqual([12, 15]);
    expect(parseLineRange(' 7 ', 'doc', 45)).toEqual([7, 7]);
    expect(parseLineRange('40-99', 'doc', 45)).toEqual([40, 45]);
  });
  it('explains a range it cannot use', () => {
    expect(() => parseLineRange('15-12', 'doc', 45)).toThrow(/1 ≤ A ≤ B/);
    expect(() => parseLineRange('0-3', 'doc', 45)).toThrow(/1 ≤ A ≤ B/);
    expect(() => parseLineRange('twelve', 'doc', 45)).toThrow(/e\.g\. --lines 12-15/);
    expect(() => parseLineRange('50-60', 'doc', 45)).toThrow(/doc has 45 lines/);
  });
});
