import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RunManifestSchema, type RunManifest } from '../../../schemas/bundles.ts';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { BundleError, fileInsideFolder, readJsonFile } from '../files-inside-folder.ts';
import { OTHER_AGENTS_HARNESS_ID } from '../harnesses/harness-registry.ts';

/**
 * A Harbor trial folder, as `harbor run` leaves one per trial under its job folder:
 *
 * ```
 * result.json             the TrialResult: task_name, agent_info {name, version, model_info},
 *                         started_at, finished_at, exception_info, verifier_result {rewards}
 * agent/trajectory.json   the agent's ATIF trajectory (agents that write one)
 * agent/ verifier/ artifacts/ config.json trial.log …   not read
 * ```
 *
 * It imports as a run without artifacts: its task is the workspace's task whose id is
 * `task_name`, its harness the agent (ours by their Harbor names, which are their ids or
 * aliases; any other agent under its own name), its model `provider/name` from `model_info`, its start and
 * finish the agent's execution (`agent_execution`, else the trial's). A trial that raised
 * (`exception_info`) is `failed`, or `timeout` when the exception's type says so.
 * A multi-step trial (`step_results`, `steps/<name>/agent/…`) is refused (refuseMultiStepTrial).
 */
export const HARBOR_RESULT_FILE = 'result.json';

const HarborTrialResultSchema = z.looseObject({
  task_name: z.string().min(1),
  trial_name: z.string().nullish(),
  agent_info: z.looseObject({
    name: z.string().min(1),
    version: z.string().nullish(),
    model_info: z.looseObject({ name: z.string().min(1), provider: z.string().nullish() }).nullish(),
  }),
  exception_info: z.looseObject({ exception_type: z.string(), exception_message: z.string().nullish() }).nullish(),
  verifier_result: z.looseObject({ rewards: z.record(z.string(), z.number()).nullish() }).nullish(),
  started_at: z.string().min(1),
  finished_at: z.string().nullish(),
  /** When the agent itself ran: the harness process's wall time, without environment set-up and the verifier. */
  agent_execution: z.looseObject({ started_at: z.string().nullish(), finished_at: z.string().nullish() }).nullish(),
});

const RESULT_FIX = "Import the trial folder as Harbor wrote it, or put a run.json ({task_id, harness, model, versions, started_at, finished_at, status}) beside its trajectory.json.";

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * A trial folder: `result.json` next to an `agent/` folder, or a `steps/` folder (a multi-step
 * trial, whose agent/ Harbor removes at its end); a job folder has result.json but neither.
 */
export function isHarborTrialFolder(dir: string): boolean {
  return existsSync(join(dir, HARBOR_RESULT_FILE)) && (isFolder(join(dir, 'agent')) || isFolder(join(dir, 'steps')));
}

/** The step names of a multi-step trial, from result.json's `step_results` and the `steps/` folder; empty for a single-step trial. */
function multiStepNames(dir: string): string[] {
  const names = new Set<string>();
  try {
    const result = JSON.parse(readFileSync(fileInsideFolder(dir, HARBOR_RESULT_FILE), 'utf8')) as { step_results?: { step_name?: unknown }[] | null };
    for (const step of Array.isArray(result.step_results) ? result.step_results : []) if (typeof step?.step_name === 'string') names.add(step.step_name);
  } catch {
    // An unreadable result.json is reported by readHarborTrial, naming the field.
  }
  const steps = join(dir, 'steps');
  if (isFolder(steps)) for (const entry of readdirSync(steps, { withFileTypes: true })) if (entry.isDirectory()) names.add(entry.name);
  return [...names];
}

/**
 * Refuses a multi-step Harbor trial, naming it: each of its steps is an agent session with its
 * own trajectory (and, resumed, the top agent/ holds the last one's cumulative trajectory), and a
 * run here has one trajectory, so reading it as one run would count it wrong.
 */
export function refuseMultiStepTrial(dir: string): void {
  if (!existsSync(join(dir, HARBOR_RESULT_FILE))) return;
  const steps = multiStepNames(dir);
  if (steps.length === 0) return;
  throw new BundleError(
    join(dir, HARBOR_RESULT_FILE),
    'step_results',
    `${dir}: a multi-step Harbor trial (steps ${steps.join(', ')}). LH-Bench reads single-step trials only: a run here is one agent session with one trajectory. Nothing of this trial was imported; to import one step as a run, put a run.json ({task_id, harness, model, versions, started_at, finished_at, status}) beside its steps/<name>/agent/trajectory.json and import that folder.`,
  );
}

export interface HarborTrial {
  /** result.json's absolute path, the run's manifest. */
  resultFile: string;
  run: RunManifest;
  /** The agent's version, when result.json gives one. */
  agentVersion: string | null;
  /** What the verifier gave, e.g. "reward 1", for the import's detail line. */
  rewards: string | null;
}

/**
 * Reads a trial's result.json as a run manifest; the model falls back to the trajectory's and
 * the harness is the trajectory's when it is one we run. Errors name the file and field.
 */
export function readHarborTrial(dir: string, trajectory: Trajectory): HarborTrial {
  const resultFile = fileInsideFolder(dir, HARBOR_RESULT_FILE);
  const result = readJsonFile(resultFile, HarborTrialResultSchema, RESULT_FIX);
  const execution = result.agent_execution?.started_at && result.agent_execution.finished_at ? result.agent_execution : null;
  const started = execution ? isoTime(execution.started_at!, resultFile, 'agent_execution.started_at') : isoTime(result.started_at, resultFile, 'started_at');
  const finished = execution ? isoTime(execution.finished_at!, resultFile, 'agent_execution.finished_at') : result.finished_at ? isoTime(result.finished_at, resultFile, 'finished_at') : started;
  const model = result.agent_info.model_info
    ? [result.agent_info.model_info.provider, result.agent_info.model_info.name].filter(Boolean).join('/')
    : (trajectory.model ?? 'unknown');
  const exception = result.exception_info;
  const rewards = result.verifier_result?.rewards ? Object.entries(result.verifier_result.rewards).map(([name, value]) => `${name} ${value}`).join(', ') : '';
  const run: RunManifest = {
    task_id: result.task_name,
    // The trajectory maps Harbor's names for the agents we run; any other agent keeps its name.
    harness: trajectory.harness !== OTHER_AGENTS_HARNESS_ID ? trajectory.harness : result.agent_info.name,
    model,
    versions: {},
    started_at: started,
    finished_at: Date.parse(finished) < Date.parse(started) ? started : finished,
    status: exception ? (/timeout/i.test(exception.exception_type) ? 'timeout' : 'failed') : 'succeeded',
  };
  // The run as a run.json would say it, held to the same rules (ids, names: schemas/imported-text.ts).
  const checked = RunManifestSchema.safeParse(run);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = HARBOR_FIELD_OF[String(issue.path[0])] ?? String(issue.path[0]);
    throw new BundleError(resultFile, field, `${resultFile}: ${field} ${issue.message}. ${RESULT_FIX}`);
  }
  return {
    resultFile,
    run,
    agentVersion: result.agent_info.version || null,
    rewards: rewards || null,
  };
}

/** Where in result.json each field of the run comes from. */
const HARBOR_FIELD_OF: Record<string, string> = { task_id: 'task_name', harness: 'agent_info.name', model: 'agent_info.model_info' };

/**
 * Harbor writes Python datetimes; without a zone they are taken as UTC (an offset is kept as
 * given), so `2025-11-03T12:34:56.123456` becomes `2025-11-03T12:34:56.123Z`.
 */
function isoTime(value: string, file: string, field: string): string {
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const time = Date.parse(zoned.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1'));
  if (Number.isNaN(time)) throw new BundleError(file, field, `${file}: ${field}: "${value}" is not a date and time. ${RESULT_FIX}`);
  return new Date(time).toISOString();
}
