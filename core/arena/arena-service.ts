import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Annotator, ArenaItem, ArenaProgress, ArenaSide, ArenaStudy, OwnVote, VoteChoice } from '../../schemas/arena.ts';
import { findAnnotator, findAnnotatorByName, insertAnnotator, listAnnotators, type AnnotatorRow } from '../store/annotator-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRunFiles, listShowableRuns, runSetVersion } from '../store/run-repository.ts';
import { findTask, listTaskFrames } from '../store/task-repository.ts';
import {
  countLiveVotesByAnnotator,
  findLastLiveVote,
  findOpenPresentation,
  findPresentationByToken,
  hasLiveVote,
  insertPresentation,
  insertVote,
  listLiveVotes,
  retractVote,
  votedPairs,
  type PresentationRow,
} from '../store/vote-repository.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { assignSides, sidesFor, winnerRunId, type ShownOrder } from './assign-sides.ts';
import { buildSiteUrl, frameAssetName } from './arena-assets.ts';
import { pairKeyOf } from './pair-key.ts';
import { schedulePairs, type ArenaRun, type ScheduledPair } from './schedule-pairs.ts';
import type { RandomSource } from '../random/random-source.ts';

/** Codes core/api turns into the RpcError of the same name. */
export class ArenaError extends Error {
  override name = 'ArenaError';
  constructor(
    readonly code: 'not_found' | 'bad_request' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export interface ArenaDeps {
  db: Database;
  /** Where the asset server answers (`http://localhost:PORT`); without one, items carry no URLs. */
  assetOrigin?: string;
  /** Side draws; default crypto-strong and uniform. Tests pass a seeded source. */
  random?: RandomSource;
  now?: () => Date;
}

/** Fair coin flips from the operating system's generator. */
export const cryptoRandom: RandomSource = { next: () => randomInt(0, 2 ** 47) / 2 ** 47 };

const nowIso = (deps: ArenaDeps) => (deps.now?.() ?? new Date()).toISOString();

function projectId(db: Database): string {
  const project = findCurrentProject(db);
  if (!project) throw new Error('The workspace has no project; open it with lhb or the app once so it is set up.');
  return project.id;
}

export function listAnnotatorViews(db: Database): Annotator[] {
  const votes = countLiveVotesByAnnotator(db);
  return listAnnotators(db, projectId(db)).map((row) => toAnnotator(row, votes.get(row.id) ?? 0));
}

export function createAnnotator(deps: ArenaDeps, name: string, options: { synthetic?: boolean; queueSeed?: string } = {}): Annotator {
  const project = projectId(deps.db);
  const trimmed = name.trim();
  if (findAnnotatorByName(deps.db, project, trimmed)) {
    throw new ArenaError('conflict', `An annotator named "${trimmed}" already exists; pick it from the list, or choose another name.`);
  }
  const row: AnnotatorRow = {
    id: randomUUID(),
    project_id: project,
    name: trimmed,
    queue_seed: options.queueSeed ?? randomBytes(16).toString('hex'),
    synthetic: options.synthetic ? 1 : 0,
    created_at: nowIso(deps),
  };
  insertAnnotator(deps.db, row);
  return toAnnotator(row, 0);
}

function toAnnotator(row: AnnotatorRow, votes: number): Annotator {
  return { id: row.id, name: row.name, synthetic: row.synthetic === 1, votes };
}

function requireAnnotator(db: Database, annotatorId: string): AnnotatorRow {
  const annotator = findAnnotator(db, annotatorId);
  if (!annotator) throw new ArenaError('not_found', `No annotator ${annotatorId} in this workspace; pick one from the list or create yourself.`);
  return annotator;
}

/** Runs that can be compared: those with something to show (a build, frames or a video). */
function arenaRuns(db: Database): ArenaRun[] {
  return listShowableRuns(db, projectId(db)).map((run) => ({ runId: run.id, taskId: run.task_id, configId: run.config_id }));
}

/** The annotator's queue as it stands: seeded by their queue seed, seen pairs left out. */
function queueFor(db: Database, annotator: AnnotatorRow, allowRepeats: boolean): { seen: number; queue: readonly ScheduledPair[] } {
  const seen = votedPairs(db, annotator.id).map((pair) => ({ runA: pair.run_a, runB: pair.run_b }));
  if (allowRepeats) return { seen: seen.length, queue: schedulePairs(arenaRuns(db), seen, { seed: annotator.queue_seed, allowRepeats }) };
  // Scheduling a large study takes seconds, so an annotator's queue is computed once per set of
  // runs and then only filtered: the rest of a balanced queue, minus the pairs voted since, is
  // still balanced in every prefix. An undone vote's pair is unseen again and keeps its place.
  const seenKeys = new Set(seen.map(pairKeyOf));
  const runsVersion = runSetVersion(db);
  let cache = queueCaches.get(db);
  if (!cache) queueCaches.set(db, (cache = new Map()));
  let entry = cache.get(annotator.id);
  if (!entry || entry.runsVersion !== runsVersion || entry.seed !== annotator.queue_seed) {
    entry = { runsVersion, seed: annotator.queue_seed, queue: schedulePairs(arenaRuns(db), seen, { seed: annotator.queue_seed }) };
    cache.set(annotator.id, entry);
  }
  return { seen: seen.length, queue: entry.queue.filter((pair) => !seenKeys.has(pair.pairKey)) };
}

const queueCaches = new WeakMap<Database, Map<string, { runsVersion: string; seed: string; queue: readonly ScheduledPair[] }>>();

function progressOf(db: Database, annotator: AnnotatorRow): ArenaProgress {
  return progressFrom(queueFor(db, annotator, false));
}

function progressFrom({ seen, queue }: { seen: number; queue: readonly unknown[] }): ArenaProgress {
  return { done: seen, total: seen + queue.length };
}

/**
 * The pair the annotator should vote on now: the one they were already shown and have not voted
 * on (same sides, so a reload changes nothing), else the head of their queue with sides drawn
 * fresh for this vote.
 */
export function nextItem(deps: ArenaDeps, annotatorId: string, allowRepeats = false): { item: ArenaItem | null; progress: ArenaProgress } {
  const annotator = requireAnnotator(deps.db, annotatorId);
  const open = findOpenPresentation(deps.db, annotator.id);
  if (open) return { item: itemFor(deps, open), progress: progressOf(deps.db, annotator) };
  const scheduled = queueFor(deps.db, annotator, allowRepeats);
  const progress = allowRepeats ? progressOf(deps.db, annotator) : progressFrom(scheduled);
  const head = scheduled.queue[0];
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
    created_at: nowIso(deps),
  };
  insertPresentation(deps.db, presentation);
  return { item: itemFor(deps, presentation), progress };
}

/** What the voter's page gets: positions and token-scoped asset URLs, never a run, harness or model. */
function itemFor(deps: ArenaDeps, presentation: PresentationRow): ArenaItem {
  const task = findTask(deps.db, presentation.task_id);
  if (!task) throw new ArenaError('not_found', 'The task of this pair was deleted; ask for the next pair.');
  const frames = listTaskFrames(deps.db, task.id);
  const sides = sidesFor({ runA: presentation.run_a, runB: presentation.run_b }, presentation.shown_order);
  const origin = deps.assetOrigin;
  const url = (path: string) => (origin === undefined ? null : `${origin}/a/${presentation.token}/${path}`);
  const side = (runId: string, position: 'left' | 'right'): ArenaSide => {
    const paths = new Set(listRunFiles(deps.db, runId).map((file) => file.path));
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
  };
}

export interface VoteInput {
  token: string;
  choice: VoteChoice;
  ratingLeft: number;
  ratingRight: number;
  reason: string;
  timeOnItemMs: number;
  synthetic?: boolean;
}

/** Records a vote on a shown pair, with the order it was shown in and the run it preferred. */
export function castVote(deps: ArenaDeps, input: VoteInput): { voteId: string; progress: ArenaProgress } {
  const presentation = findPresentationByToken(deps.db, input.token);
  if (!presentation) throw new ArenaError('not_found', 'This pair is no longer open (unknown token); load the next pair and vote again.');
  const annotator = requireAnnotator(deps.db, presentation.annotator_id);
  const voteId = randomUUID();
  deps.db.transaction(() => {
    if (hasLiveVote(deps.db, presentation.id)) {
      throw new ArenaError('conflict', 'This pair already has your vote (perhaps from another window); load the next pair, or undo the last vote to change it.');
    }
    const pair = { runA: presentation.run_a, runB: presentation.run_b };
    const sides = sidesFor(pair, presentation.shown_order as ShownOrder);
    insertVote(deps.db, {
      id: voteId,
      presentation_id: presentation.id,
      annotator_id: presentation.annotator_id,
      task_id: presentation.task_id,
      run_a: presentation.run_a,
      run_b: presentation.run_b,
      shown_order: presentation.shown_order,
      left_run: sides.left,
      right_run: sides.right,
      choice: input.choice,
      winner_run: winnerRunId(pair, presentation.shown_order, input.choice),
      rating_left: input.ratingLeft,
      rating_right: input.ratingRight,
      reason: input.reason.trim(),
      time_on_item_ms: Math.round(input.timeOnItemMs),
      synthetic: input.synthetic ? 1 : 0,
      created_at: nowIso(deps),
      retracted_at: null,
    });
  })();
  return { voteId, progress: progressOf(deps.db, annotator) };
}

/** Retracts the annotator's newest vote; its presentation becomes their open pair again. */
export function undoLastVote(deps: ArenaDeps, annotatorId: string): { undone: boolean; progress: ArenaProgress } {
  const annotator = requireAnnotator(deps.db, annotatorId);
  const last = findLastLiveVote(deps.db, annotator.id);
  if (last) {
    deps.db.transaction(() => {
      retractVote(deps.db, last.id, nowIso(deps));
      // The pair comes back as the open one: its presentation is now the newest without a vote.
      deps.db.prepare('UPDATE arena_presentations SET created_at = ? WHERE id = ?').run(nowIso(deps), last.presentation_id);
    })();
  }
  return { undone: last !== undefined, progress: progressOf(deps.db, annotator) };
}

export function ownVotes(db: Database, annotatorId: string): OwnVote[] {
  requireAnnotator(db, annotatorId);
  const titles = new Map<string, string>();
  return listLiveVotes(db, annotatorId).map((vote) => {
    if (!titles.has(vote.task_id)) titles.set(vote.task_id, findTask(db, vote.task_id)?.title ?? '(deleted task)');
    return {
      id: vote.id,
      taskTitle: titles.get(vote.task_id) as string,
      choice: vote.choice,
      shownOrder: vote.shown_order,
      ratingLeft: vote.rating_left,
      ratingRight: vote.rating_right,
      reason: vote.reason,
      timeOnItemMs: vote.time_on_item_ms,
      createdAt: vote.created_at,
    };
  });
}

/** The study owner's live panel: progress, and the left-choice rate with its exact binomial p-value. */
export function studyPanel(db: Database): ArenaStudy {
  // The live panel watches real voting: the demo's synthetic experts and votes (which the
  // Analysis screen labels and can include) would only blur position bias as it happens.
  const annotators = listAnnotators(db, projectId(db))
    .filter((row) => row.synthetic === 0)
    .map((row) => ({ id: row.id, name: row.name, synthetic: false, ...progressOf(db, row) }));
  const votes = listLiveVotes(db).filter((vote) => vote.synthetic === 0);
  const count = (choice: VoteChoice) => votes.filter((vote) => vote.choice === choice).length;
  const left = count('left');
  const right = count('right');
  const decided = left + right;
  return {
    annotators,
    overall: { votes: votes.length, total: annotators.reduce((sum, a) => sum + a.total, 0) },
    position: {
      left,
      right,
      tie: count('tie'),
      bothBad: count('both-bad'),
      leftRate: decided === 0 ? null : left / decided,
      pValue: decided === 0 ? null : binomialTest(left, decided, 0.5),
    },
  };
}
