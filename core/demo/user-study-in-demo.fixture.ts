import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '../api/create-api.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { insertJudgment } from '../store/judgment-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { finishStudyRun, insertStudy, type NewStudyRun } from '../store/study-repository.ts';
import { upsertTask } from '../store/task-repository.ts';

/**
 * A researcher's own study in the workspace `npm start` seeded (the demo's data room, arena and
 * synthetic study), recorded as the store holds a study the engine ran, for the tests that the
 * demo stays out of it (issue 33):
 *
 * - their own task `user-dashboard`, and the demo's Figma pricing task (as `lhb runs start --demo` would use it);
 * - three harnesses on the same models as the demo's bundles × skill arms none / v1 × 2 repeats, each
 *   run leaving a static build, so the arena shows them beside the demo's bundles;
 * - three judges × two rubric sets (expert and generic) × two output rubrics on every run, the
 *   demo's five bundles too (a judge run judges every run with an output);
 * - their own data room with one source and one chapter;
 * - one annotator voting through the arena on whatever pairs it shows, demo pairs among them.
 */
export const USER_TASKS = ['user-dashboard', 'demo-figma-pricing'] as const;
export const USER_AGENTS = [
  { harness: 'claude-code', model: 'claude-sonnet-4-5' },
  { harness: 'codex', model: 'gpt-5-codex' },
  { harness: 'gemini-cli', model: 'gemini-2.5-pro' },
] as const;
export const USER_SKILLS = ['none', 'v1'] as const;
export const USER_REPEATS = 2;
export const USER_JUDGES = ['judge-openai', 'judge-anthropic', 'judge-gemini'] as const;
export const USER_RUBRIC_SETS = ['figma-output-expert', 'figma-output-generic'] as const;
const RUBRICS = ['output.fidelity', 'output.completeness'] as const;

export interface UserStudy {
  runIds: string[];
  configIds: Set<string>;
  /** Every vote the annotator cast, with the runs it compared. */
  votes: { id: string; runA: string; runB: string }[];
  /** The judgments of the user's runs, and of the demo's bundles. */
  judgments: { user: number; demo: number };
  dataRoomId: string;
}

export interface OwnRun {
  id: string;
  task: string;
  harness: string;
  model: string;
  versions: Record<string, string>;
  at: string;
  sourceDir: string;
}

/** A run of the user's own (a real task, not the demo's bundle) with a static build, so the arena shows it. */
export function recordOwnRun(api: Api, run: OwnRun): void {
  const { db } = api.context.workspace;
  const project = requireCurrentProject(db);
  if (!db.prepare('SELECT 1 FROM tasks WHERE id = ?').get(run.task)) {
    upsertTask(db, { id: run.task, project_id: project.id, kind: 'figma', title: `Task ${run.task}`, instruction: '', chapter_id: null, figma_file_key: null, created_at: run.at, updated_at: run.at }, []);
  }
  const page = api.putBlob(new TextEncoder().encode(`<!doctype html><title>${run.id}</title><p>${run.id}</p>`));
  insertRun(
    db,
    { id: run.id, task_id: run.task, harness: run.harness, model: run.model, versions_json: versionsJsonOf(run.versions), config_id: configIdOf(run.harness, run.model, run.versions), status: 'succeeded', started_at: run.at, finished_at: run.at, digest: `user-digest-${run.id}`, source_dir: run.sourceDir, imported_at: run.at },
    [{ run_id: run.id, path: 'dist/index.html', sha256: page.sha256, size_bytes: page.sizeBytes }],
    [],
  );
}

/**
 * Votes through the arena, as the Arena screen does, until the annotator has voted on a pair of
 * `own` runs; pairs of the demo's shown before it are voted on too (those votes are the demo's).
 */
export async function voteUntilOwnPair(api: Api, annotatorId: string, own: ReadonlySet<string>, vote: { choice: 'left' | 'right' | 'tie'; reason?: string; ratingLeft?: number; timeOnItemMs?: number }): Promise<{ voteId: string; demoVotes: number }> {
  const { db } = api.context.workspace;
  for (let demoVotes = 0; ; demoVotes++) {
    const next = await api.call('arena.nextPair', { annotatorId });
    if (!next.item) throw new Error('the arena ran out of pairs before showing one of the own runs');
    const { voteId } = await api.call('arena.vote', { token: next.item.token, choice: vote.choice, ratingLeft: vote.ratingLeft ?? 4, ratingRight: 2, reason: vote.reason ?? '', timeOnItemMs: vote.timeOnItemMs ?? 5000 });
    const row = db.prepare('SELECT run_a, run_b FROM votes WHERE id = ?').get(voteId) as { run_a: string; run_b: string };
    if (own.has(row.run_a) && own.has(row.run_b)) return { voteId, demoVotes };
  }
}

export async function recordUserStudy(api: Api, folder: string, votesToCast = 60): Promise<UserStudy> {
  const { db } = api.context.workspace;
  const project = requireCurrentProject(db);
  const at = (n: number) => new Date(Date.UTC(2026, 2, 2, 9, 0, n)).toISOString();

  const runIds: string[] = [];
  const configIds = new Set<string>();
  const studyRuns: NewStudyRun[] = [];
  let n = 1;
  for (const task of USER_TASKS) {
    for (const [agentIndex, agent] of USER_AGENTS.entries()) {
      for (const [skillIndex, skill] of USER_SKILLS.entries()) {
        for (let repeat = 0; repeat < USER_REPEATS; repeat++) {
          const id = `user-${task}-${agent.harness}-${skill}-${repeat}`;
          const versions = { skill };
          const configId = configIdOf(agent.harness, agent.model, versions);
          recordOwnRun(api, { id, task, harness: agent.harness, model: agent.model, versions, at: at(n), sourceDir: join(folder, 'runs', id) });
          studyRuns.push({ id: `sr-${id}`, study_id: 'user-study', position: studyRuns.length, task_id: task, harness: agent.harness, model: agent.model, versions_json: versionsJsonOf(versions), config_id: configId, config_index: agentIndex * USER_SKILLS.length + skillIndex, repeat_index: repeat, updated_at: at(n) });
          runIds.push(id);
          configIds.add(configId);
          n += 2;
        }
      }
    }
  }
  insertStudy(
    db,
    { id: 'user-study', project_id: project.id, name: 'dashboard-skills', spec_json: '{}', config_digest: 'user', executor: 'local', folder: join(folder, 'study'), state: 'finished', job_id: null, cancel_requested_at: null, created_at: at(0), updated_at: at(n) },
    studyRuns,
  );
  for (const [index, run] of studyRuns.entries()) {
    finishStudyRun(db, run.id, {
      status: 'succeeded', error_kind: null, error_message: null, finished_at: at(n), duration_ms: 60_000, steps: 12, tool_calls: 10, failed_tool_calls: index % 3,
      tokens_input: 4000 + index, tokens_output: 500, cost_usd: 0.2, last_event: null, transcript_sha256: null, trajectory_sha256: null,
      errors_json: JSON.stringify(index % 3 === 0 ? [] : [{ step: 2, toolCallId: 'c2', type: 'build', message: 'build failed', recovered: index % 2 === 0, recoveredAtStep: index % 2 === 0 ? 3 : null }]),
      run_id: runIds[index]!,
    });
  }

  // Judged by three judges with both sets, the demo's bundles too.
  const demoBundles = (db.prepare('SELECT id FROM runs WHERE demo = 1 AND synthetic = 0 ORDER BY id').all() as { id: string }[]).map((row) => row.id);
  const judgments = { user: 0, demo: 0 };
  for (const [runIndex, runId] of [...runIds, ...demoBundles].entries()) {
    for (const [judgeIndex, judge] of USER_JUDGES.entries()) {
      for (const set of USER_RUBRIC_SETS) {
        for (const [rubricIndex, rubric] of RUBRICS.entries()) {
          insertJudgment(db, {
            id: `${runId}:${judge}:${set}:${rubric}`, run_id: runId, judge, tier: 'output', rubric, rubric_set: set, rubric_version: 'v1', scale: 5,
            score: 1 + ((runIndex + judgeIndex + rubricIndex) % 5), rationale: '', synthetic: 0, created_at: at(n),
          });
          if (runIds.includes(runId)) judgments.user += 1;
          else judgments.demo += 1;
        }
      }
    }
  }

  // Their own data room, source and chapter.
  const room = await api.call('dataRooms.create', { title: 'Dashboard study room' });
  const note = join(folder, 'study-brief.md');
  writeFileSync(note, '# Brief\n\nThe dashboard shows weekly orders.\n');
  const { jobId } = await api.call('sources.importPaths', { dataRoomId: room.id, paths: [note] });
  await api.context.jobs.idle();
  const job = await api.call('jobs.list', {});
  const imported = job.jobs.find((entry) => entry.id === jobId);
  if (imported?.state !== 'succeeded') throw new Error(`the user's source did not import: ${JSON.stringify(imported)}`);
  await api.call('chapters.create', { dataRoomId: room.id, title: 'Weekly orders' });

  // One annotator votes on whatever the arena shows (its queue mixes the demo's pairs with theirs).
  const annotator = await api.call('arena.createAnnotator', { name: 'Dana Researcher', queueSeed: 'user-study' });
  const votes: UserStudy['votes'] = [];
  for (let i = 0; i < votesToCast; i++) {
    const next = await api.call('arena.nextPair', { annotatorId: annotator.id });
    if (!next.item) break;
    const { voteId } = await api.call('arena.vote', { token: next.item.token, choice: i % 3 === 0 ? 'right' : 'left', ratingLeft: 4, ratingRight: 3, reason: '', timeOnItemMs: 8000 });
    const row = db.prepare('SELECT run_a, run_b FROM votes WHERE id = ?').get(voteId) as { run_a: string; run_b: string };
    votes.push({ id: voteId, runA: row.run_a, runB: row.run_b });
  }
  return { runIds, configIds, votes, judgments, dataRoomId: room.id };
}
