import type { Database } from 'better-sqlite3';
import type { TrajectoryError } from '../../schemas/trajectory.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { finishStudyRun, insertStudy, type NewStudyRun } from '../store/study-repository.ts';
import { upsertTask } from '../store/task-repository.ts';

/**
 * A workspace holding a skill ablation as a store holds it, for the ablation's tests:
 *
 * - claude-code · claude-opus-4-5, executed by a study: arms `none` and `v2` × tasks t1–t3 ×
 *   repeats 0–1, except `none` never ran t3's repeat 1 (so `v2`'s is unpaired). Each run scored
 *   by judge J1 on output.fidelity and output.completeness; cost, tokens and errors recorded by
 *   the study; some runs left a static build; `none`'s t3 run failed.
 * - codex · gpt-5.2, imported (no study, no cost, no trajectory): `none` and `v2` × t1–t2, two
 *   runs each, and a third `v2` run of t1; no study executed them, so none pairs. Scored on
 *   output.fidelity by J1 and J2, whose scores are averaged per run. A cancelled `none` run never counts.
 * - gemini-cli · gemini-3-pro with one skill version only, and a run with no skill version: no ablation.
 */
export const CLAUDE_SCORES: Record<'none' | 'v2', Record<string, [fidelity: number, completeness: number]>> = {
  none: { 't1/0': [3, 3], 't1/1': [2, 3], 't2/0': [3, 4], 't2/1': [3, 3], 't3/0': [2, 2] },
  v2: { 't1/0': [4, 4], 't1/1': [4, 3], 't2/0': [4, 5], 't2/1': [3, 3], 't3/0': [4, 3], 't3/1': [5, 4] },
};
/** Codex runs by task and start order: [J1, J2] output.fidelity scores. */
export const CODEX_SCORES: Record<'none' | 'v2', Record<string, [number, number][]>> = {
  none: { t1: [[2, 3], [3, 3]], t2: [[2, 2], [3, 4]] },
  v2: { t1: [[3, 3], [2, 2], [5, 5]], t2: [[4, 3], [3, 4]] },
};
/** claude-code's v2 runs that left no static build; of `none`'s, only t1/0 left one. */
const CLAUDE_V2_WITHOUT_BUILD = new Set(['t2/1']);

const error = (step: number, recovered: boolean): TrajectoryError => ({ step, toolCallId: `c${step}`, type: 'build', message: 'build failed', recovered, recoveredAtStep: recovered ? step + 1 : null });

export function seedAblationWorkspace(db: Database): void {
  const project = findCurrentProject(db)!;
  let second = 0;
  const at = () => new Date(Date.UTC(2026, 0, 5, 9, 0, second++)).toISOString();
  const created = at();
  for (const task of ['t1', 't2', 't3']) {
    upsertTask(db, { id: task, project_id: project.id, kind: 'figma', title: `Task ${task}`, instruction: '', chapter_id: null, figma_file_key: null, created_at: created, updated_at: created }, []);
  }
  recordBlob(db, 'a'.repeat(64), 10, created);
  const storeRun = (id: string, task: string, harness: string, model: string, versions: Record<string, string>, status: 'succeeded' | 'failed' | 'cancelled', build: boolean) => {
    const time = at();
    insertRun(
      db,
      { id, task_id: task, harness, model, versions_json: versionsJsonOf(versions), config_id: configIdOf(harness, model, versions), status, started_at: time, finished_at: time, digest: id, source_dir: `/runs/${id}`, imported_at: time },
      build ? [{ run_id: id, path: 'dist/index.html', sha256: 'a'.repeat(64), size_bytes: 10 }] : [],
      [],
    );
  };

  // claude-code: one study, both arms.
  const studyRuns: (NewStudyRun & { skill: 'none' | 'v2'; slot: string })[] = [];
  for (const skill of ['none', 'v2'] as const) {
    for (const slot of Object.keys(CLAUDE_SCORES[skill])) {
      const [task, repeat] = slot.split('/') as [string, string];
      const id = `claude-${skill}-${task}-${repeat}`;
      const versions = { skill };
      storeRun(id, task, 'claude-code', 'claude-opus-4-5', versions, skill === 'none' && task === 't3' ? 'failed' : 'succeeded', skill === 'none' ? slot === 't1/0' : !CLAUDE_V2_WITHOUT_BUILD.has(slot));
      studyRuns.push({ id: `sr-${id}`, study_id: 'ablation-study', position: studyRuns.length, task_id: task, harness: 'claude-code', model: 'claude-opus-4-5', versions_json: versionsJsonOf(versions), config_id: configIdOf('claude-code', 'claude-opus-4-5', versions), config_index: skill === 'none' ? 0 : 1, repeat_index: Number(repeat), updated_at: created, skill, slot });
    }
  }
  insertStudy(
    db,
    { id: 'ablation-study', project_id: project.id, name: 'skill-ablation', spec_json: '{}', config_digest: 'd', executor: 'local', folder: '/studies/ablation', state: 'finished', job_id: null, cancel_requested_at: null, created_at: created, updated_at: created },
    studyRuns.map(({ skill: _skill, slot: _slot, ...run }) => run),
  );
  for (const run of studyRuns) {
    const none = run.skill === 'none';
    finishStudyRun(db, run.id, {
      status: none && run.task_id === 't3' ? 'failed' : 'succeeded', error_kind: null, error_message: null, finished_at: created, duration_ms: 1000, steps: 5, tool_calls: 4, failed_tool_calls: none ? 2 : 1,
      tokens_input: none ? 1000 : 600, tokens_output: none ? 100 : 80, cost_usd: none ? 0.5 : 0.3, last_event: null, transcript_sha256: null, trajectory_sha256: null,
      errors_json: JSON.stringify(none ? [error(1, true), error(3, false)] : [error(2, true)]), run_id: run.id.slice('sr-'.length),
    });
    const [fidelity, completeness] = CLAUDE_SCORES[run.skill][run.slot]!;
    const runId = run.id.slice('sr-'.length);
    recordJudgment(db, { runId, judge: 'J1', tier: 'output', rubric: 'output.fidelity', rubricVersion: 'v1', score: fidelity, createdAt: created });
    recordJudgment(db, { runId, judge: 'J1', tier: 'output', rubric: 'output.completeness', rubricVersion: 'v1', score: completeness, createdAt: created });
  }

  // codex: imported runs, in start order per task.
  for (const skill of ['none', 'v2'] as const) {
    for (const [task, runs] of Object.entries(CODEX_SCORES[skill])) {
      runs.forEach(([j1, j2], n) => {
        const id = `codex-${skill}-${task}-${n}`;
        storeRun(id, task, 'codex', 'gpt-5.2', { skill }, 'succeeded', false);
        recordJudgment(db, { runId: id, judge: 'J1', tier: 'output', rubric: 'output.fidelity', rubricVersion: 'v1', score: j1, createdAt: created });
        recordJudgment(db, { runId: id, judge: 'J2', tier: 'output', rubric: 'output.fidelity', rubricVersion: 'v1', score: j2, createdAt: created });
      });
    }
  }
  storeRun('codex-none-t1-cancelled', 't1', 'codex', 'gpt-5.2', { skill: 'none' }, 'cancelled', false);

  // No ablation: one skill version, or none recorded.
  storeRun('gemini-v2-t1', 't1', 'gemini-cli', 'gemini-3-pro', { skill: 'v2' }, 'succeeded', true);
  storeRun('gemini-unversioned-t1', 't1', 'gemini-cli', 'gemini-3-pro', {}, 'succeeded', true);
}
