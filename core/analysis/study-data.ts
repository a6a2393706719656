import type { Database } from 'better-sqlite3';
import type { JudgeTier } from '../../schemas/judge.ts';
import { judgmentKindCheck } from '../judge/rubrics/judgment-kind-check.ts';
import { listScoredJudgments } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRuns } from '../store/run-repository.ts';
import { listLiveVoteOutcomes, type VoteRow } from '../store/vote-repository.ts';
import { labelConfigurations } from './configuration-labels.ts';
import { loadRubricWeights, rubricWeightKey } from './rubric-weights.ts';
import { loadStudyScope, runsInScope, type StudyScope } from './study-scope.ts';
import { chooseSynthetic, type SyntheticChoice, type SyntheticRequest } from './synthetic-choice.ts';

export interface StudyRun {
  id: string;
  task: string;
  config: string;
  synthetic: boolean;
}

export interface StudyJudgment {
  run: string;
  judge: string;
  tier: JudgeTier;
  rubric: string;
  version: string;
  /** The rubric set's name ('' for judgments made before sets were stored), its scale, and the rubric's weight in it (null when the set is not stored). */
  rubricSet: string;
  scale: 3 | 5;
  weight: number | null;
  score: number;
  synthetic: boolean;
}

export type StudyVote = Pick<VoteRow, 'id' | 'annotator_id' | 'task_id' | 'run_a' | 'run_b' | 'choice' | 'winner_run' | 'left_run' | 'right_run' | 'rating_left' | 'rating_right'> & {
  synthetic: boolean;
  /** Cast sooner after its pair was shown than the fast-vote floor it was judged by (migration 021). */
  fast: boolean;
};

/** The raw records one report is computed from, already filtered (live votes; synthetic ones only when included). */
export interface StudyData {
  /** Every run of the project, by id. */
  /** The chosen studies and their runs, or null for every study and imported run: `runs` holds only the runs in scope. */
  scope?: StudyScope | null;
  runs: Map<string, StudyRun>;
  /** Configuration id → label, for every configuration with a run. */
  labels: Map<string, string>;
  votes: StudyVote[];
  judgments: StudyJudgment[];
  /** Stored scored judgments left out because their rubric set is for another task kind than their run's (never counted, synthetic or not). */
  judgmentsLeftOut: number;
  /** Repeat votes (an annotator's votes on a pair after their first live one): counted or not, and how many there are among the votes otherwise counted. */
  repeatVotes: { counted: boolean; votes: number };
  /** Fast votes: left out or not, and how many there are among the votes otherwise counted. */
  fastVotes: { excluded: boolean; votes: number };
  /** Whether synthetic records are counted, and why. */
  synthetic: SyntheticChoice & {
    /** Synthetic live votes and judgments in the workspace, counted or not. */
    votes: number;
    judgments: number;
  };
}

/**
 * Reads what analysis needs from the store: the project's runs with their configuration, live
 * (never retracted) votes, and judgments. A vote or judgment is synthetic when it is flagged so
 * or touches a synthetic run; those are counted only as `chooseSynthetic` decides. A judgment
 * made with a rubric set for another task kind than its run's is never counted (only counted up).
 */
export function loadStudyData(db: Database, options: { synthetic?: SyntheticRequest; countRepeats?: boolean; excludeFastVotes?: boolean; studies?: readonly string[] } = {}): StudyData {
  const project = findCurrentProject(db);
  const scope = loadStudyScope(db, options.studies);
  const countRepeats = options.countRepeats === true;
  const excludeFast = options.excludeFastVotes === true;
  if (!project) {
    return { scope, runs: new Map(), labels: new Map(), votes: [], judgments: [], judgmentsLeftOut: 0, repeatVotes: { counted: countRepeats, votes: 0 }, fastVotes: { excluded: excludeFast, votes: 0 }, synthetic: { ...chooseSynthetic(options.synthetic, false), votes: 0, judgments: 0 } };
  }
  // By id, which an export and import keep, not in the order runs were stored (listRuns), and out of scope a run is as if absent: every
  // figure iterating `runs` then reads them alike in a workspace and in an import of its export.
  const runRows = runsInScope(listRuns(db, project.id), scope).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const runs = new Map(runRows.map((run) => [run.id, { id: run.id, task: run.task_id, config: run.config_id, synthetic: run.synthetic === 1 }]));
  const labels = labelConfigurations(runRows);
  const votes: StudyVote[] = listLiveVoteOutcomes(db)
    .filter((vote) => runs.has(vote.run_a) && runs.has(vote.run_b))
    // Oldest first, so every derived array has a stable, meaningful order.
    .reverse()
    .map((vote) => ({
      id: vote.id,
      annotator_id: vote.annotator_id,
      task_id: vote.task_id,
      run_a: vote.run_a,
      run_b: vote.run_b,
      choice: vote.choice,
      winner_run: vote.winner_run,
      left_run: vote.left_run,
      right_run: vote.right_run,
      rating_left: vote.rating_left,
      rating_right: vote.rating_right,
      synthetic: vote.synthetic === 1 || runs.get(vote.run_a)!.synthetic || runs.get(vote.run_b)!.synthetic,
      fast: vote.is_fast === 1,
    }));
  const weights = loadRubricWeights(db);
  const check = judgmentKindCheck(db);
  const scored = listScoredJudgments(db, project.id).filter((row) => runs.has(row.run_id));
  // A multi-turn run counts at the last turn it was judged at (by default its last): its earlier turns' judgments are kept, not averaged in.
  const judgedTurn = new Map<string, number>();
  for (const row of scored) judgedTurn.set(row.run_id, Math.max(judgedTurn.get(row.run_id) ?? 0, row.turn ?? 0));
  const counts = scored.filter((row) => check.leftOut(row) === null && (row.turn ?? 0) === judgedTurn.get(row.run_id));
  const judgments: StudyJudgment[] = counts.map((row) => ({
    run: row.run_id,
    judge: row.judge,
    tier: row.tier,
    rubric: row.rubric,
    version: row.rubric_version,
    rubricSet: row.rubric_set,
    scale: row.scale,
    weight: weights.get(rubricWeightKey(row.rubric_set, row.rubric_version, row.scale, row.rubric)) ?? null,
    score: row.score,
    synthetic: row.synthetic === 1 || runs.get(row.run_id)?.synthetic === true,
  }));
  const syntheticVotes = votes.filter((vote) => vote.synthetic).length;
  const syntheticJudgments = judgments.filter((judgment) => judgment.synthetic).length;
  const hasRealData = syntheticVotes < votes.length || syntheticJudgments < judgments.length;
  const choice = chooseSynthetic(options.synthetic, hasRealData);
  const counted = <T extends { synthetic: boolean }>(rows: T[]) => (choice.included ? rows : rows.filter((row) => !row.synthetic));
  const votesCounted = counted(votes);
  const firstVotes = firstVotePerAnnotatorAndPair(votesCounted);
  // Fast votes are set aside after repeats, so leaving a hasty first vote out never promotes the
  // annotator's later repeat (cast after seeing the pair) to their first.
  const beforeFast = countRepeats ? votesCounted : firstVotes;
  const fastVotes = beforeFast.filter((vote) => vote.fast).length;
  return {
    scope,
    runs,
    labels,
    votes: excludeFast ? beforeFast.filter((vote) => !vote.fast) : beforeFast,
    repeatVotes: { counted: countRepeats, votes: votesCounted.length - firstVotes.length },
    fastVotes: { excluded: excludeFast, votes: fastVotes },
    judgments: counted(judgments),
    judgmentsLeftOut: scored.length - counts.length,
    synthetic: { ...choice, votes: syntheticVotes, judgments: syntheticJudgments },
  };
}

/**
 * One vote per annotator and pair: the first live one (`votes` is oldest first). An invite link
 * may ask for a pair again (`allowRepeats`), and each repeat would otherwise count as one more
 * expert's view; the first is the one cast before the annotator had seen the pair, and a
 * stuffer's later votes cannot replace it. Undoing a vote makes the next one the first.
 * Synthetic (demo) votes are generated, not cast, and are kept as they are.
 */
function firstVotePerAnnotatorAndPair(votes: StudyVote[]): StudyVote[] {
  const seen = new Set<string>();
  return votes.filter((vote) => {
    // The demo's generated votes repeat pairs on purpose (a volume no link cast); they stay as made.
    if (vote.synthetic) return true;
    const key = JSON.stringify([vote.annotator_id, vote.run_a, vote.run_b]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
