import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordBlob } from '../store/blob-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { runsTest } from '../stats/runs-test.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { resolveArenaAsset } from './arena-assets.ts';
import { createAnnotator, listAnnotatorViews } from './annotators.ts';
import type { ArenaDeps } from './arena-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { castVote } from './cast-vote.ts';
import { fastVoteFloorMs, setFastVoteFloorMs } from './fast-vote-floor.ts';
import { nextItem } from './next-item.ts';
import { ownVotes } from './own-votes.ts';
import { studyPanel } from './study-panel.ts';
import { undoLastVote } from './undo-last-vote.ts';
import { createSfc32Random } from '../random/sfc32-random.ts';

let dir: string;
let workspace: Workspace;
let deps: ArenaDeps;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-arena-'));
  workspace = openWorkspace(dir);
  deps = { db: workspace.db, assetOrigin: 'http://localhost:5555' };
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Tasks with one frame each and one run per (task, configuration). Every run's frame is its own
 * blob (sha = run id padded), so what a voter saw on a side can be traced to a run through the
 * asset URL alone, the way the page itself loads it.
 */
function seedRuns(tasks: number, configs: number): Map<string, string> {
  const db = workspace.db;
  const project = findCurrentProject(db)!;
  const runOfFrameSha = new Map<string, string>();
  const now = '2025-01-01T00:00:00.000Z';
  db.transaction(() => {
    for (let t = 0; t < tasks; t++) {
      const taskId = `task-${t}`;
      const gt = sha(`gt-${t}`);
      recordBlob(db, gt, 1, now);
      upsertTask(db, { id: taskId, project_id: project.id, kind: 'figma', title: `Task ${t}`, instruction: '', chapter_id: null, figma_file_key: 'k', created_at: now, updated_at: now }, [
        { task_id: taskId, position: 0, node_id: '1:1', name: 'Home', target_route: '/', viewport_width: 800, viewport_height: 600, gt_sha256: gt },
      ]);
      for (let c = 0; c < configs; c++) {
        const runId = `run-${t}-${c}`;
        const frame = sha(runId);
        recordBlob(db, frame, 1, now);
        runOfFrameSha.set(frame, runId);
        insertRun(
          db,
          { id: runId, task_id: taskId, harness: `harness-${c}`, model: `model-${c}`, versions_json: '{}', config_id: `config-${c}`, status: 'succeeded', started_at: now, finished_at: now, digest: runId, source_dir: '/x', imported_at: now },
          [{ run_id: runId, path: 'frames/1-1.png', sha256: frame, size_bytes: 1 }],
          [],
        );
      }
    }
  })();
  return runOfFrameSha;
}

function sha(text: string): string {
  return Buffer.from(text).toString('hex').padEnd(64, '0').slice(0, 64);
}

/** The run behind a side, traced through the frame URL the page would load. */
function runShown(runOfFrameSha: Map<string, string>, url: string | null | undefined): string {
  const path = new URL(url!).pathname.slice('/a/'.length);
  return runOfFrameSha.get(resolveArenaAsset(workspace, path)!.sha256)!;
}

const vote = (token: string, choice: 'left' | 'right' | 'tie' | 'both-bad' = 'left') =>
  castVote(deps, { token, choice, ratingLeft: 4, ratingRight: 2, reason: '', timeOnItemMs: 1234 });

describe('the arena queue and votes', () => {
  it('shows each pair of different configurations once, then reports none left', () => {
    seedRuns(2, 3); // 2 tasks × C(3,2) pairs = 6
    const me = createAnnotator(deps, 'Ada');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { item, progress } = nextItem(deps, me.id);
      expect(progress).toEqual({ done: i, total: 6 });
      seen.add(JSON.stringify([item!.title, ...[item!.left.frameUrls[0], item!.right.frameUrls[0]].map((u) => resolveArenaAsset(workspace, new URL(u!).pathname.slice(3))!.sha256).sort()]));
      vote(item!.token);
    }
    expect(seen.size).toBe(6);
    expect(nextItem(deps, me.id)).toEqual({ item: null, progress: { done: 6, total: 6 } });
    // Asked for repeats, the queue starts over.
    expect(nextItem(deps, me.id, true).item).not.toBeNull();
  });

  it('replays the same queue for the same seed and a different one for another seed', () => {
    seedRuns(4, 4);
    const order = (name: string, seed: string) => {
      const annotator = createAnnotator(deps, name, { queueSeed: seed });
      const titles: string[] = [];
      for (;;) {
        const { item } = nextItem(deps, annotator.id);
        if (!item) return titles;
        titles.push([item.title, ...[item.left.frameUrls[0], item.right.frameUrls[0]].map((u) => resolveArenaAsset(workspace, new URL(u!).pathname.slice(3))!.sha256).sort()].join());
        vote(item.token);
      }
    };
    const first = order('Ada', 'study-7');
    expect(first).toHaveLength(24);
    expect(order('Bo', 'study-7')).toEqual(first);
    expect(order('Cy', 'study-8')).not.toEqual(first);
  });

  it('picks up runs imported after the queue was first computed', () => {
    const db = workspace.db;
    seedRuns(1, 3);
    const me = createAnnotator(deps, 'Ada');
    vote(nextItem(deps, me.id).item!.token);
    expect(nextItem(deps, me.id).progress).toEqual({ done: 1, total: 3 });
    const now = '2025-01-02T00:00:00.000Z';
    const frame = sha('run-0-extra');
    recordBlob(db, frame, 1, now);
    insertRun(
      db,
      { id: 'run-0-extra', task_id: 'task-0', harness: 'h', model: 'm', versions_json: '{}', config_id: 'config-extra', status: 'succeeded', started_at: now, finished_at: now, digest: 'extra', source_dir: '/x', imported_at: now },
      [{ run_id: 'run-0-extra', path: 'frames/1-1.png', sha256: frame, size_bytes: 1 }],
      [],
    );
    expect(nextItem(deps, me.id).progress).toEqual({ done: 1, total: 6 });
  });

  it('keeps the same pair and sides until it is voted on (a reload changes nothing)', () => {
    seedRuns(1, 3);
    const me = createAnnotator(deps, 'Ada');
    const first = nextItem(deps, me.id).item!;
    const again = nextItem(deps, me.id).item!;
    expect(again).toEqual(first);
  });

  it('gives the page positions and opaque URLs only: no run id, harness, model or config', () => {
    seedRuns(2, 3);
    const me = createAnnotator(deps, 'Ada');
    const text = JSON.stringify(nextItem(deps, me.id));
    expect(text).not.toMatch(/run-\d|harness-|model-|config-/);
    const item = nextItem(deps, me.id).item!;
    expect(item.token).toMatch(/^[0-9a-f]{32}$/);
    expect(item.left.frameUrls[0]).toBe(`http://localhost:5555/a/${item.token}/left/frame/0`);
  });

  it('stores the shown order with each vote and maps the choice to the run that was on that side', () => {
    const runOfFrameSha = seedRuns(2, 3);
    const me = createAnnotator(deps, 'Ada');
    const { item } = nextItem(deps, me.id);
    const left = runShown(runOfFrameSha, item!.left.frameUrls[0]);
    const right = runShown(runOfFrameSha, item!.right.frameUrls[0]);
    vote(item!.token, 'right');
    const row = workspace.db.prepare('SELECT * FROM votes').get() as Record<string, unknown>;
    expect(row).toMatchObject({ left_run: left, right_run: right, winner_run: right, choice: 'right', rating_left: 4, rating_right: 2, time_on_item_ms: 1234 });
    expect(row.shown_order).toBe(left < right ? 'a-left' : 'b-left');
    // The voter's own list says what the page showed (sides and ratings), never the hidden order.
    const own = ownVotes(workspace.db, me.id);
    expect(own).toMatchObject([{ choice: 'right', ratingLeft: 4, ratingRight: 2, taskTitle: item!.title }]);
    expect(own[0]).not.toHaveProperty('shownOrder');
  });

  it('records no winner for a tie or both bad', () => {
    seedRuns(1, 3);
    const me = createAnnotator(deps, 'Ada');
    vote(nextItem(deps, me.id).item!.token, 'tie');
    vote(nextItem(deps, me.id).item!.token, 'both-bad');
    const winners = workspace.db.prepare('SELECT winner_run FROM votes').all() as { winner_run: string | null }[];
    expect(winners).toEqual([{ winner_run: null }, { winner_run: null }]);
  });

  it('undo retracts the newest vote and brings its pair back with the same sides', () => {
    seedRuns(2, 3);
    const me = createAnnotator(deps, 'Ada');
    const first = nextItem(deps, me.id).item!;
    vote(first.token);
    const second = nextItem(deps, me.id).item!;
    vote(second.token, 'right');
    expect(undoLastVote(deps, me.id)).toEqual({ undone: true, progress: { done: 1, total: 6 } });
    expect(nextItem(deps, me.id).item).toEqual(second);
    expect(ownVotes(workspace.db, me.id)).toHaveLength(1);
    // The retracted vote is kept for the record, and the pair can be voted again.
    vote(second.token, 'tie');
    const rows = workspace.db.prepare('SELECT choice, retracted_at IS NOT NULL AS retracted FROM votes ORDER BY created_at, rowid').all();
    expect(rows).toEqual([
      { choice: 'left', retracted: 0 },
      { choice: 'right', retracted: 1 },
      { choice: 'tie', retracted: 0 },
    ]);
    expect(undoLastVote(deps, createAnnotator(deps, 'Nobody').id).undone).toBe(false);
  });

  it('refuses a second vote on one presentation, an unknown token and an unknown annotator', () => {
    seedRuns(1, 3);
    const me = createAnnotator(deps, 'Ada');
    const { token } = nextItem(deps, me.id).item!;
    vote(token);
    expect(() => vote(token)).toThrowError(expect.objectContaining({ code: 'conflict' }) as Error);
    expect(() => vote('f'.repeat(32))).toThrowError(/no longer open/);
    expect(() => nextItem(deps, 'nobody')).toThrowError(LhbError);
    expect(() => createAnnotator(deps, ' Ada ')).toThrowError(/already exists/);
  });

  it('keeps each annotator to their own queue and attributes votes; the study panel counts them', () => {
    seedRuns(2, 2);
    const ada = createAnnotator(deps, 'Ada');
    const bo = createAnnotator(deps, 'Bo');
    vote(nextItem(deps, ada.id).item!.token, 'left');
    vote(nextItem(deps, ada.id).item!.token, 'left');
    vote(nextItem(deps, bo.id).item!.token, 'right');
    expect(nextItem(deps, ada.id).item).toBeNull();
    expect(listAnnotatorViews(workspace.db).map((a) => [a.name, a.votes])).toEqual([
      ['Ada', 2],
      ['Bo', 1],
    ]);
    const study = studyPanel(workspace.db);
    expect(study.annotators.map((a) => [a.name, a.done, a.total])).toEqual([
      ['Ada', 2, 2],
      ['Bo', 1, 2],
    ]);
    expect(study.overall).toEqual({ votes: 3, total: 4 });
    expect(study.position).toMatchObject({ left: 2, right: 1, tie: 0, bothBad: 0, leftRate: 2 / 3 });
    expect(study.position.pValue).toBeCloseTo(binomialTest(2, 3, 0.5), 12);

    // Synthetic experts and their votes stay out of the live panel.
    const bot = createAnnotator(deps, 'Synthetic expert', { synthetic: true });
    castVote(deps, { token: nextItem(deps, bot.id).item!.token, choice: 'left', ratingLeft: 3, ratingRight: 3, reason: '', timeOnItemMs: 1, synthetic: true });
    expect(studyPanel(workspace.db).annotators.map((a) => a.name)).toEqual(['Ada', 'Bo']);
    expect(studyPanel(workspace.db).position.left).toBe(2);
  });

  /**
   * 500 voters × 20 pairs through the real service: what each saw (traced through the frame URLs
   * the page loads) must be what is stored. Returns the shown order vote by vote, and per
   * configuration how often its run was on the left.
   */
  function voteThroughService(arena: ArenaDeps, runOfFrameSha: Map<string, string>) {
    const aLeft: boolean[] = [];
    const leftByConfig = new Map<string, { left: number; shown: number }>();
    const configOf = (runId: string) => `config-${runId.split('-')[2]}`;
    for (let a = 0; a < 500; a++) {
      const annotator = createAnnotator(arena, `Voter ${a}`, { queueSeed: `seed-${a}` });
      for (;;) {
        const { item } = nextItem(arena, annotator.id);
        if (!item) break;
        const left = runShown(runOfFrameSha, item.left.frameUrls[0]);
        const right = runShown(runOfFrameSha, item.right.frameUrls[0]);
        // A voter who always prefers the left side.
        const { voteId } = castVote(arena, { token: item.token, choice: 'left', ratingLeft: 5, ratingRight: 1, reason: '', timeOnItemMs: 10 });
        const row = workspace.db.prepare('SELECT * FROM votes WHERE id = ?').get(voteId) as Record<string, string>;
        if (row.left_run !== left || row.right_run !== right || row.winner_run !== left) throw new Error(`vote ${voteId} does not map back to the runs shown`);
        if ([row.run_a, row.run_b].sort().join() !== [left, right].sort().join()) throw new Error(`vote ${voteId} names other runs`);
        aLeft.push(row.shown_order === 'a-left');
        for (const [run, isLeft] of [[left, true], [right, false]] as const) {
          const counts = leftByConfig.get(configOf(run)) ?? { left: 0, shown: 0 };
          leftByConfig.set(configOf(run), { left: counts.left + (isLeft ? 1 : 0), shown: counts.shown + 1 });
        }
      }
    }
    return { aLeft, leftByConfig };
  }

  it('randomises sides fairly over 10,000 scheduled votes, and every stored vote maps back to the runs shown', () => {
    const runOfFrameSha = seedRuns(2, 5); // 2 tasks × C(5,2) = 20 pairs per annotator
    const { aLeft, leftByConfig } = voteThroughService({ ...deps, random: createSfc32Random('arena-randomisation-test') }, runOfFrameSha);
    expect(aLeft).toHaveLength(10_000);
    expect(binomialTest(aLeft.filter(Boolean).length, aLeft.length, 0.5)).toBeGreaterThan(0.01);
    // No pattern from one vote to the next (a strictly alternating coin is exactly 50% left)...
    expect(runsTest(aLeft).pValue).toBeGreaterThan(0.01);
    // ...and no configuration shown on the left more than its share.
    expect(leftByConfig.size).toBe(5);
    for (const [config, { left, shown }] of leftByConfig) expect(binomialTest(left, shown, 0.5), `${config}: left ${left} of ${shown}`).toBeGreaterThan(0.01);
  }, 120_000);

  it("draws sides with production's source (the OS's crypto generator) when none is injected: fair, serially independent, no configuration favoured", () => {
    const runOfFrameSha = seedRuns(2, 5);
    const { aLeft, leftByConfig } = voteThroughService(deps, runOfFrameSha); // deps carries no `random`
    expect(aLeft).toHaveLength(10_000);
    // Fresh draws every run, so a 0.01 threshold would fail about one run in fifteen (7 checks) by
    // chance; each check must reach p > 1e-6 instead. At 10,000 votes that still catches
    // alternation (runs z ≈ 100), a 5% left bias (z ≈ 10) or a lag-1 correlation of 0.1 (z ≈ 10).
    expect(binomialTest(aLeft.filter(Boolean).length, aLeft.length, 0.5)).toBeGreaterThan(1e-6);
    expect(runsTest(aLeft).pValue).toBeGreaterThan(1e-6);
    for (const [config, { left, shown }] of leftByConfig) expect(binomialTest(left, shown, 0.5), `${config}: left ${left} of ${shown}`).toBeGreaterThan(1e-6);
  }, 120_000);
});

describe('fast votes', () => {
  const castIn = (token: string, timeOnItemMs: number) => castVote(deps, { token, choice: 'left', ratingLeft: 4, ratingRight: 2, reason: '', timeOnItemMs });
  const stored = () =>
    workspace.db.prepare('SELECT time_on_item_ms AS ms, fast_vote_floor_ms AS floor, is_fast AS fast FROM votes ORDER BY created_at, rowid').all() as { ms: number; floor: number | null; fast: number }[];

  it('flags a vote cast faster than the floor (3 s by default) and keeps it, with its time and the floor it was judged by', () => {
    seedRuns(2, 2);
    const me = createAnnotator(deps, 'Ada');
    castIn(nextItem(deps, me.id).item!.token, 1200);
    castIn(nextItem(deps, me.id).item!.token, 3000);
    expect(stored()).toEqual([
      { ms: 1200, floor: 3000, fast: 1 },
      { ms: 3000, floor: 3000, fast: 0 },
    ]);
    expect(ownVotes(workspace.db, me.id)).toHaveLength(2);
  });

  it('judges votes by the workspace floor in force when they are cast', () => {
    seedRuns(2, 2);
    const me = createAnnotator(deps, 'Ada');
    expect(fastVoteFloorMs(workspace.db)).toBe(3000);
    setFastVoteFloorMs(workspace.db, 10_000);
    castIn(nextItem(deps, me.id).item!.token, 5000);
    setFastVoteFloorMs(workspace.db, 2000);
    castIn(nextItem(deps, me.id).item!.token, 5000);
    expect(stored()).toEqual([
      { ms: 5000, floor: 10_000, fast: 1 },
      { ms: 5000, floor: 2000, fast: 0 },
    ]);
    expect(() => setFastVoteFloorMs(workspace.db, -1)).toThrow(/floor/);
  });

  it("shows each voter's median time per pair and share of flagged votes on the Study panel", () => {
    seedRuns(2, 3); // 6 pairs
    const ada = createAnnotator(deps, 'Ada');
    const bo = createAnnotator(deps, 'Bo');
    for (const ms of [1000, 2000, 8000, 20_000]) castIn(nextItem(deps, ada.id).item!.token, ms);
    const study = studyPanel(workspace.db);
    expect(study.fastVoteFloorMs).toBe(3000);
    expect(study.annotators.find((a) => a.name === 'Ada')).toMatchObject({ medianTimeMs: 5000, fastVotes: 2, fastShare: 0.5 });
    expect(study.annotators.find((a) => a.name === 'Bo')).toMatchObject({ id: bo.id, medianTimeMs: null, fastVotes: 0, fastShare: null });
  });
});
