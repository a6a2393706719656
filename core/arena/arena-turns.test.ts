import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { resolveArenaAsset } from './arena-assets.ts';
import { createAnnotator } from './annotators.ts';
import type { ArenaDeps } from './arena-deps.ts';
import { castVote } from './cast-vote.ts';
import { seedMultiTurnRuns } from './multi-turn-runs.fixture.ts';
import { nextItem } from './next-item.ts';

let dir: string;
let workspace: Workspace;
let deps: ArenaDeps;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-arena-turns-'));
  workspace = openWorkspace(dir);
  deps = { db: workspace.db, blobs: workspace.blobs, assetOrigin: 'http://localhost:5555' };
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Which run and turn a side's frame URL shows, traced the way the page loads it. */
function shown(whatShows: Map<string, string>, url: string | null | undefined): string {
  const asset = resolveArenaAsset(workspace, new URL(url!).pathname.slice('/a/'.length));
  return whatShows.get(asset!.sha256)!;
}

const vote = (token: string) => castVote(deps, { token, choice: 'left', ratingLeft: 4, ratingRight: 2, reason: '', timeOnItemMs: 1000 });

describe('pairing the same turn of two runs', () => {
  it('asked for turn 2, pairs only runs that have one and shows both sides as turn 2 left them; the vote records the turn', () => {
    const whatShows = seedMultiTurnRuns(workspace, 3);
    const me = createAnnotator(deps, 'Ada');

    const { item } = nextItem(deps, me.id, false, 2);
    expect(item).not.toBeNull();
    expect([shown(whatShows, item!.left.frameUrls[0]), shown(whatShows, item!.right.frameUrls[0])].sort()).toEqual(['run-a@2', 'run-b@2']);
    // The voter reads which turn the pair is at: the same for both sides, so it tells nothing about either.
    expect(item!.turn).toEqual({ index: 2, of: 3 });
    vote(item!.token);
    const row = workspace.db.prepare('SELECT turn FROM votes').get() as { turn: number | null };
    expect(row.turn).toBe(2);

    // The single-turn run has no turn 2: no pair is left at that turn.
    expect(nextItem(deps, me.id, false, 2).item).toBeNull();
  });

  it('asked for another turn while a pair is open, shows a pair at that turn, and the open one again when asked as before', () => {
    const whatShows = seedMultiTurnRuns(workspace, 3);
    const me = createAnnotator(deps, 'Ada');
    const asEnded = nextItem(deps, me.id).item!;
    const atTurnOne = nextItem(deps, me.id, false, 1).item!;
    expect(atTurnOne.token).not.toBe(asEnded.token);
    expect(atTurnOne.turn?.index).toBe(1);
    const runsOf = (item: typeof asEnded) => [item.left, item.right].map((side) => shown(whatShows, side.frameUrls[0]).split('@')[0]).sort();
    expect(runsOf(atTurnOne)).toEqual(runsOf(asEnded));
    expect([atTurnOne.left, atTurnOne.right].map((side) => shown(whatShows, side.frameUrls[0]).split('@')[1])).toEqual(['1', '1']);
    expect(nextItem(deps, me.id, false, 1).item!.token).toBe(atTurnOne.token);
    vote(atTurnOne.token);
    expect(nextItem(deps, me.id).item!.token).toBe(asEnded.token);
  });

  it('by default shows each run as it ended (its last turn), as before turns could be asked for', () => {
    const whatShows = seedMultiTurnRuns(workspace, 3);
    const me = createAnnotator(deps, 'Ada');
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { item } = nextItem(deps, me.id);
      expect(item!.turn).toBeNull();
      for (const side of [item!.left, item!.right]) seen.add(shown(whatShows, side.frameUrls[0]));
      vote(item!.token);
      expect((workspace.db.prepare('SELECT turn FROM votes ORDER BY rowid DESC LIMIT 1').get() as { turn: number | null }).turn).toBeNull();
    }
    expect([...seen].sort()).toEqual(['run-a@3', 'run-b@3', 'run-c@1']);
  });
});
