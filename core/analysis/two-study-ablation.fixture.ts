import type { Database } from 'better-sqlite3';
import { createAnnotator } from '../arena/annotators.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { finishStudyRun, insertStudy } from '../store/study-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { insertPresentation, insertVote } from '../store/vote-repository.ts';

/**
 * The same configurations (claude-code · claude-opus-4-5, skill `none` and `v2`, task t1, two
 * repeats) run by two studies, as a store holds them, for the scope and pairing tests:
 *
 * - `first-pass` (id study-one) ran both repeats of `v2`; its `none` repeat 1 was cancelled.
 * - `second-pass` (id study-two) ran everything, its `none` runs later than its `v2` runs.
 * - one `none` and one `v2` run imported with no study: the only such runs of t1 in their arms, so they pair.
 *
 * Numbering repeats in start order across studies and imports (the old rule) paired first-pass's
 * v2 repeat 1 with second-pass's none repeat 1; within each study the pairs are first-pass r0,
 * second-pass r0 and r1, and the two imported runs pair with each other. Every counted run is judged once by J1 on
 * output.fidelity (SCORES); one person voted within each study, once across the two studies and
 * once between the imported run and a first-pass run.
 */
export const TWO_STUDIES = { one: { id: 'study-one', name: 'first-pass' }, two: { id: 'study-two', name: 'second-pass' } } as const;
export const SCORES: Record<string, number> = {
  'one-none-0': 2, 'one-v2-0': 3, 'one-v2-1': 5,
  'two-none-0': 3, 'two-none-1': 4, 'two-v2-0': 3, 'two-v2-1': 4,
  'imported-none': 1, 'imported-v2': 1,
};
/** Run ids of each study, the cancelled run included. */
export const STUDY_RUNS = { one: ['one-none-0', 'one-none-1', 'one-v2-0', 'one-v2-1'], two: ['two-none-0', 'two-none-1', 'two-v2-0', 'two-v2-1'] } as const;
/** Votes: [id, run_a, run_b]; each names the winner run_a. */
export const VOTES = [
  ['vote-one', 'one-none-0', 'one-v2-0'],
  ['vote-two', 'two-none-0', 'two-v2-0'],
  ['vote-across', 'one-v2-1', 'two-none-1'],
  ['vote-imported', 'imported-v2', 'one-none-0'],
] as const;

const HARNESS = 'claude-code';
const MODEL = 'claude-opus-4-5';

export function seedTwoStudyAblation(db: Database): void {
  const project = findCurrentProject(db)!;
  let second = 0;
  const at = () => new Date(Date.UTC(2026, 1, 2, 9, 0, second++)).toISOString();
  const created = at();
  upsertTask(db, { id: 't1', project_id: project.id, kind: 'figma', title: 'Task t1', instruction: '', chapter_id: null, figma_file_key: null, created_at: created, updated_at: created }, []);
  const storeRun = (id: string, skill: string, status: 'succeeded' | 'cancelled') => {
    const time = at();
    const versions = { skill };
    insertRun(
      db,
      { id, task_id: 't1', harness: HARNESS, model: MODEL, versions_json: versionsJsonOf(versions), config_id: configIdOf(HARNESS, MODEL, versions), status, started_at: time, finished_at: time, digest: id, source_dir: `/runs/${id}`, imported_at: time },
      [],
      [],
    );
  };
  // Start order: first-pass's runs, then second-pass's v2 runs, then its none runs (repeat 1 first).
  const order = { one: ['one-none-0', 'one-v2-0', 'one-v2-1', 'one-none-1'], two: ['two-v2-0', 'two-v2-1', 'two-none-1', 'two-none-0'] };
  for (const key of ['one', 'two'] as const) {
    const study = TWO_STUDIES[key];
    const runs = order[key].map((id, position) => {
      const [, skill, repeat] = id.split('-') as [string, string, string];
      const versions = { skill };
      return { id, skill, repeat: Number(repeat), position, versions };
    });
    insertStudy(
      db,
      { id: study.id, project_id: project.id, name: study.name, spec_json: '{}', config_digest: study.id, executor: 'local', folder: `/studies/${study.name}`, state: 'finished', job_id: null, cancel_requested_at: null, created_at: at(), updated_at: created },
      runs.map((run) => ({
        id: `sr-${run.id}`, study_id: study.id, position: run.position, task_id: 't1', harness: HARNESS, model: MODEL, versions_json: versionsJsonOf(run.versions),
        config_id: configIdOf(HARNESS, MODEL, run.versions), config_index: run.skill === 'none' ? 0 : 1, repeat_index: run.repeat, updated_at: created,
      })),
    );
    for (const run of runs) {
      const status = run.id === 'one-none-1' ? 'cancelled' : 'succeeded';
      storeRun(run.id, run.skill, status);
      finishStudyRun(db, `sr-${run.id}`, {
        status, error_kind: null, error_message: null, finished_at: at(), duration_ms: 1000, steps: 3, tool_calls: 2, failed_tool_calls: 0,
        tokens_input: 500, tokens_output: 50, cost_usd: 0.1, last_event: null, transcript_sha256: null, trajectory_sha256: null, errors_json: null, run_id: run.id,
      });
    }
  }
  storeRun('imported-none', 'none', 'succeeded');
  storeRun('imported-v2', 'v2', 'succeeded');
  for (const [runId, score] of Object.entries(SCORES)) {
    recordJudgment(db, { id: `judgment-${runId}`, runId, judge: 'J1', tier: 'output', rubric: 'output.fidelity', rubricVersion: 'v1', score, createdAt: at() });
  }
  const annotator = createAnnotator({ db }, 'Reviewer').id;
  for (const [id, runA, runB] of VOTES) {
    const createdAt = at();
    insertPresentation(db, { id: `p-${id}`, token: `token-${id}`, annotator_id: annotator, task_id: 't1', run_a: runA, run_b: runB, shown_order: 'a-left', created_at: createdAt });
    insertVote(db, {
      id, presentation_id: `p-${id}`, annotator_id: annotator, task_id: 't1', run_a: runA, run_b: runB, shown_order: 'a-left', left_run: runA, right_run: runB,
      choice: 'left', winner_run: runA, rating_left: 4, rating_right: 2, reason: '', time_on_item_ms: 9000, synthetic: 0, fast_vote_floor_ms: null, created_at: createdAt, retracted_at: null,
    });
  }
}
