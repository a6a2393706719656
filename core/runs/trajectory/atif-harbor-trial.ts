import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { RunManifest } from '../../../schemas/bundles.ts';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { BundleError, readJsonFile } from '../bundle-files.ts';

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
 * `task_name`, its harness the agent (claude-code, codex, gemini-cli by their Harbor names, any
 * other agent under its own name), its model `provider/name` from `model_info`. A trial that
 * raised (`exception_info`) is `failed`, or `timeout` when the exception's type says so.
 * Multi-step trials (`steps/<name>/agent/…`) are not read.
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
});

const RESULT_FIX = "Import the trial folder as Harbor wrote it, or put a run.json ({task_id, harness, model, versions, started_at, finished_at, status}) beside its trajectory.json.";

/** A trial folder: `result.json` next to an `agent/` folder (a job folder has result.json but no agent/). */
export function isHarborTrialFolder(dir: string): boolean {
  const agent = join(dir, 'agent');
  return existsSync(join(dir, HARBOR_RESULT_FILE)) && existsSync(agent) && statSync(agent).isDirectory();
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
  const resultFile = join(dir, HARBOR_RESULT_FILE);
  const result = readJsonFile(resultFile, HarborTrialResultSchema, RESULT_FIX);
  const started = isoTime(result.started_at, resultFile, 'started_at');
  const finished = result.finished_at ? isoTime(result.finished_at, resultFile, 'finished_at') : started;
  const model = result.agent_info.model_info
    ? [result.agent_info.model_info.provider, result.agent_info.model_info.name].filter(Boolean).join('/')
    : (trajectory.model ?? 'unknown');
  const exception = result.exception_info;
  const rewards = result.verifier_result?.rewards ? Object.entries(result.verifier_result.rewards).map(([name, value]) => `${name} ${value}`).join(', ') : '';
  return {
    resultFile,
    run: {
      task_id: result.task_name,
      // The trajectory maps Harbor's names for the agents we run; any other agent keeps its name.
      harness: trajectory.harness !== 'command' ? trajectory.harness : result.agent_info.name,
      model,
      versions: {},
      started_at: started,
      finished_at: Date.parse(finished) < Date.parse(started) ? started : finished,
      status: exception ? (/timeout/i.test(exception.exception_type) ? 'timeout' : 'failed') : 'succeeded',
    },
    agentVersion: result.agent_info.version || null,
    rewards: rewards || null,
  };
}

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
