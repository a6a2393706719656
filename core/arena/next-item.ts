import { randomBytes, randomUUID } from 'node:crypto';
import type { ArenaItem, ArenaProgress, ArenaSide } from '../../schemas/arena.ts';
import { runFilesAtTurn, turnCountOf } from '../runs/trajectory/run-turn.ts';
import { listRunFiles } from '../store/run-repository.ts';
import { findTask, listTaskFrames } from '../store/task-repository.ts';
import { findOpenPresentation, insertPresentation, type PresentationRow } from '../store/vote-repository.ts';
import { requireAnnotator } from './annotators.ts';
import { progressFrom, progressOf, queueFor } from './annotator-queue.ts';
import { buildSiteUrl, frameAssetName } from './arena-assets.ts';
import { arenaNowIso, cryptoRandom, type ArenaDeps } from './arena-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { assignSides, sidesFor } from './assign-sides.ts';

/**
 * The pair the annotator should vote on now: the one they were already shown at this turn and have
 * not voted on (same sides, so a reload changes nothing), else the head of their queue with sides drawn
 * fresh for this vote. With `turn`, only pairs whose runs both have that turn are queued, and both
 * sides show it; without, each run shows as it ended (its last turn).
 */
export function nextItem(deps: ArenaDeps, annotatorId: string, allowRepeats = false, turn?: number): { item: ArenaItem | null; progress: ArenaProgress } {
  const annotator = requireAnnotator(deps.db, annotatorId);
  const open = findOpenPresentation(deps.db, annotator.id);
  // The open pair is shown again only at the turn asked for: choosing another turn shows a pair at it.
  if (open && open.turn === (turn ?? null)) return { item: itemFor(deps, open), progress: progressOf(deps.db, annotator) };
  const scheduled = queueFor(deps.db, annotator, allowRepeats);
  const progress = allowRepeats ? progressOf(deps.db, annotator) : progressFrom(scheduled);
  const head = turn === undefined ? scheduled.queue[0] : scheduled.queue.find(bothHaveTurn(deps, turn));
  if (!head) return { item: null, progress };
  const sides = assignSides({ runA: head.runA, runB: head.runB }, deps.random ?? cryptoRandom);
  const presentation: PresentationRow = {
    id: randomUUID(),
    token: randomBytes(16).toString('hex'),
    annotator_id: annotator.id,
    task_id: head.taskId,
    run_a: head.runA,
    run_b: head.runB,
    shown_order: sides.shownOrder,
    created_at: arenaNowIso(deps),
    turn: turn ?? null,
  };
  insertPresentation(deps.db, presentation);
  return { item: itemFor(deps, presentation), progress };
}

/** Whether both runs of a pair have turn `turn` (a run without turns has only turn 1); each run's trajectory is read once. */
function bothHaveTurn(deps: ArenaDeps, turn: number): (pair: { runA: string; runB: string }) => boolean {
  const { blobs } = deps;
  if (!blobs) throw new LhbError('bad_request', `Pairing turn ${turn} needs the workspace's blob store to read the runs' turns; open the arena through the app or lhb.`);
  const counts = new Map<string, number>();
  const countOf = (runId: string) => counts.get(runId) ?? counts.set(runId, turnCountOf({ db: deps.db, blobs }, runId)).get(runId)!;
  return (pair) => countOf(pair.runA) >= turn && countOf(pair.runB) >= turn;
}

/** How many turns both runs of the pair have, or null when they differ (or cannot be read). */
function sharedTurnCount(deps: ArenaDeps, presentation: PresentationRow): number | null {
  if (!deps.blobs) return null;
  const store = { db: deps.db, blobs: deps.blobs };
  const a = turnCountOf(store, presentation.run_a);
  return a === turnCountOf(store, presentation.run_b) ? a : null;
}

/** What the voter's page gets: positions and token-scoped asset URLs, never a run, harness or model. */
function itemFor(deps: ArenaDeps, presentation: PresentationRow): ArenaItem {
  const task = findTask(deps.db, presentation.task_id);
  if (!task) throw new LhbError('not_found', 'The task of this pair was deleted; ask for the next pair.');
  const frames = listTaskFrames(deps.db, task.id);
  const sides = sidesFor({ runA: presentation.run_a, runB: presentation.run_b }, presentation.shown_order);
  const origin = deps.assetOrigin;
  const url = (path: string) => (origin === undefined ? null : `${origin}/a/${presentation.token}/${path}`);
  const side = (runId: string, position: 'left' | 'right'): ArenaSide => {
    const files = presentation.turn === null || !deps.blobs ? listRunFiles(deps.db, runId) : runFilesAtTurn({ db: deps.db, blobs: deps.blobs }, runId, presentation.turn);
    const paths = new Set(files.map((file) => file.path));
    const video = ['video.mp4', 'video.webm'].find((name) => paths.has(name));
    return {
      frameUrls: frames.map((frame, index) => (paths.has(`frames/${frameAssetName(frame.node_id)}`) ? url(`${position}/frame/${index}`) : null)),
      siteUrl: paths.has('dist/index.html') && origin !== undefined ? buildSiteUrl(origin, presentation.token, position) : null,
      videoUrl: video === undefined ? null : url(`${position}/video`),
    };
  };
  return {
    token: presentation.token,
    kind: task.kind,
    title: task.title,
    instruction: task.instruction,
    frames: frames.map((frame, index) => ({
      name: frame.name,
      route: frame.target_route,
      viewport: { width: frame.viewport_width ?? 1440, height: frame.viewport_height ?? 900 },
      gtUrl: url(`gt/${index}`),
    })),
    left: side(sides.left, 'left'),
    right: side(sides.right, 'right'),
    turn: presentation.turn === null ? null : { index: presentation.turn, of: sharedTurnCount(deps, presentation) },
  };
}
