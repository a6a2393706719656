import type { Trajectory, TrajectoryError, TrajectoryStep } from '../../schemas/trajectory.ts';
import { createSfc32Random } from '../random/sfc32-random.ts';
import type { SeededRandom } from '../random/random-source.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { finishStudyRun, insertStudy } from '../store/study-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

/**
 * Generated studies of agent runs as the engine stores them (a study, its runs, each run's
 * trajectory in the blob store and its errors), for the search's tests and benchmark. Each step
 * is a message and one tool call with its result; a few tools and error texts are rare, so a
 * search for them finds some runs and not others.
 */
export const RARE_TOOL = 'mcp__figma__get_frame';
export const RARE_ERROR = "TypeError: Cannot read properties of undefined (reading 'map')";
const TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Grep', 'mcp__preview__screenshot'];
const ERRORS = ["Module not found: Error: Can't resolve './Chart'", "ENOENT: no such file or directory, open 'src/data.json'", 'npm ERR! missing script: lint'];
const WORDS = (
  'the a component chart layout header footer grid column row button state props render style token color spacing theme page route ' +
  'build serve check compare frame pixel margin padding border font weight title legend axis tooltip data series week order total ' +
  'revenue table card badge icon image link nav menu modal dialog form input label value format number date time locale update fix ' +
  'test pass fail retry next first last small large wide narrow left right top bottom center align wrap scroll hover focus active'
).split(' ');

export interface GeneratedStudy {
  studyId: string;
  runIds: string[];
}

/** Records a finished study of `runs` generated runs of `steps` steps each, on one generated task. */
export function recordGeneratedStudy(workspace: Workspace, options: { studyId: string; runs: number; steps: number; seed: string }): GeneratedStudy {
  const { db } = workspace;
  const project = requireCurrentProject(db);
  const random = createSfc32Random(options.seed);
  const at = new Date(Date.UTC(2026, 4, 1)).toISOString();
  const taskId = `${options.studyId}-task`;
  upsertTask(db, { id: taskId, project_id: project.id, kind: 'programmatic', title: `Dashboard for ${options.studyId}`, instruction: '', chapter_id: null, figma_file_key: null, created_at: at, updated_at: at }, []);
  const versions = { skill: 'v1' };
  const runIds = Array.from({ length: options.runs }, (_, i) => `${options.studyId}-run-${String(i).padStart(4, '0')}`);
  insertStudy(
    db,
    { id: options.studyId, project_id: project.id, name: options.studyId, spec_json: '{}', config_digest: 'generated', executor: 'local', folder: `/studies/${options.studyId}`, state: 'finished', job_id: null, cancel_requested_at: null, created_at: at, updated_at: at },
    runIds.map((id, position) => ({ id, study_id: options.studyId, position, task_id: taskId, harness: 'claude-code', model: 'claude-sonnet-4-5', versions_json: versionsJsonOf(versions), config_id: configIdOf('claude-code', 'claude-sonnet-4-5', versions), config_index: 0, repeat_index: position, updated_at: at })),
  );
  const BATCH = 50;
  for (let from = 0; from < runIds.length; from += BATCH) {
    const batch = runIds.slice(from, from + BATCH).map((id) => ({ id, ...generateRun(random, options.steps) }));
    const blobs = batch.map((run) => workspace.blobs.put(Buffer.from(JSON.stringify(run.trajectory))));
    writeTransaction(db, () => {
      batch.forEach((run, i) => {
        recordBlob(db, blobs[i]!.sha256, blobs[i]!.sizeBytes, at);
        insertRun(
          db,
          { id: run.id, task_id: taskId, harness: 'claude-code', model: 'claude-sonnet-4-5', versions_json: versionsJsonOf(versions), config_id: configIdOf('claude-code', 'claude-sonnet-4-5', versions), status: 'succeeded', started_at: at, finished_at: at, digest: `generated-${run.id}`, source_dir: `/studies/${options.studyId}/${run.id}/out`, imported_at: at },
          [],
          [],
        );
        finishStudyRun(db, run.id, {
          status: 'succeeded', error_kind: null, error_message: null, finished_at: at, duration_ms: 60_000, steps: options.steps, tool_calls: options.steps, failed_tool_calls: run.errors.length,
          tokens_input: 1000, tokens_output: 100, cost_usd: null, last_event: 'Finished', transcript_sha256: null, trajectory_sha256: blobs[i]!.sha256, errors_json: JSON.stringify(run.errors), run_id: run.id,
        });
      });
    })();
  }
  return { studyId: options.studyId, runIds };
}

function generateRun(random: SeededRandom, stepCount: number): { trajectory: Trajectory; errors: TrajectoryError[] } {
  const errors: TrajectoryError[] = [];
  const steps: TrajectoryStep[] = [];
  for (let index = 0; index < stepCount; index++) {
    const name = random.next() < 0.002 ? RARE_TOOL : TOOLS[random.int(TOOLS.length)]!;
    const roll = random.next();
    const failure = roll < 0.002 ? RARE_ERROR : roll < 0.03 ? ERRORS[random.int(ERRORS.length)]! : null;
    const id = `call-${index}`;
    steps.push({
      index, source: 'agent', text: words(random, 12 + random.int(20)), timestamp: null, tokens: null,
      toolCalls: [{ id, name, arguments: argumentsOf(random, name), result: failure ?? words(random, 20 + random.int(60)), ok: failure === null, failure: failure === null ? null : 'error in output', exitCode: failure === null ? 0 : 1, durationMs: 100 }],
    });
    if (failure !== null) errors.push({ step: index, toolCallId: id, type: 'build', message: failure, recovered: true, recoveredAtStep: index + 1 });
  }
  const trajectory: Trajectory = {
    format: 'lhb-trajectory/1', harness: 'claude-code', harnessVersion: '2.0.0', model: 'claude-sonnet-4-5', sessionId: null, prompt: `Build the dashboard: ${words(random, 20)}`,
    steps, tokens: { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: 60_000, outcome: 'completed', warnings: [],
  };
  return { trajectory, errors };
}

function argumentsOf(random: SeededRandom, tool: string): Record<string, unknown> {
  const file = `src/components/${WORDS[random.int(WORDS.length)]}-${WORDS[random.int(WORDS.length)]}.tsx`;
  if (tool === 'Bash') return { command: `npm run ${['build', 'test', 'check'][random.int(3)]}`, description: words(random, 5) };
  if (tool === 'Read' || tool === 'Edit') return { file_path: file };
  if (tool === 'Write') return { file_path: file, content: words(random, 30) };
  if (tool === 'Grep') return { pattern: WORDS[random.int(WORDS.length)], path: 'src' };
  if (tool === RARE_TOOL) return { node_id: `${random.int(900) + 100}:${random.int(90) + 10}` };
  return { route: `/${WORDS[random.int(WORDS.length)]}` };
}

function words(random: SeededRandom, count: number): string {
  return Array.from({ length: count }, () => WORDS[random.int(WORDS.length)]).join(' ');
}
