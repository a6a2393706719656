import { TrajectorySchema, type Trajectory, type TrajectoryError } from '../../schemas/trajectory.ts';
import { listRunJudgmentTexts } from '../store/judgment-repository.ts';
import { findRun, listRunFindings } from '../store/run-repository.ts';
import { findRunTrajectory } from '../store/run-trajectory-repository.ts';
import { listRunVerifications } from '../store/run-verification-repository.ts';
import { MATCH_END, MATCH_START, type SearchEntry } from '../store/search-repository.ts';
import { findStudyRun, findStudyRunByRunId } from '../store/study-repository.ts';
import { listRunVoteReasons } from '../store/vote-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

/** What the index holds of one run: the id it is found under, its study, its entries. */
export interface RunSearchRecord {
  runId: string;
  studyId: string | null;
  entries: SearchEntry[];
}

/**
 * Everything searchable of the run an id names (a stored run's id or a study run's), as the store
 * holds it now: the prompt and each turn's, each step's text, each tool call (name and arguments)
 * and its result, the trajectory's errors and the run's failure, the verifier's and frame
 * capture's findings, the judges' evidence and rationale, and the reasons of live votes that
 * name it first. Undefined when the workspace holds no such run (its entries are to go).
 */
export function runSearchRecord(workspace: Workspace, id: string): RunSearchRecord | undefined {
  const { db } = workspace;
  const studyRun = findStudyRun(db, id) ?? findStudyRunByRunId(db, id);
  const run = findRun(db, studyRun?.run_id ?? id);
  if (!studyRun && !run) return undefined;
  const runId = studyRun?.run_id ?? studyRun?.id ?? run!.id;
  const imported = !studyRun && run ? findRunTrajectory(db, run.id) : undefined;
  const stored = studyRun ?? imported;
  const entries: SearchEntry[] = [];
  const trajectory = stored?.trajectory_sha256 ? readTrajectory(workspace, stored.trajectory_sha256) : undefined;
  if (trajectory) entries.push(...trajectoryEntries(trajectory));
  for (const error of parseErrors(stored?.errors_json ?? null)) {
    if (error.message) entries.push({ body: error.message, kind: 'error', step: Number.isInteger(error.step) ? error.step : null, ref: typeof error.toolCallId === 'string' && error.toolCallId ? error.toolCallId : null });
  }
  if (studyRun?.error_message) entries.push({ body: `${studyRun.error_kind ? `${studyRun.error_kind}: ` : ''}${studyRun.error_message}`, kind: 'error', step: null, ref: null });
  if (run) {
    for (const check of listRunVerifications(db, run.id)) {
      for (const finding of check.findings) entries.push({ body: `${finding.kind}${finding.route ? ` at ${finding.route}` : ''}: ${finding.detail}`, kind: 'finding', step: null, ref: null });
    }
    for (const finding of listRunFindings(db, run.id)) entries.push({ body: `${finding.node_id ? `${finding.node_id} ` : ''}${finding.kind}: ${finding.detail}`, kind: 'finding', step: null, ref: null });
    for (const judgment of listRunJudgmentTexts(db, run.id)) {
      const body = [judgment.evidence, judgment.rationale, judgment.failure ?? ''].filter((text) => text.trim() !== '').join('\n');
      if (body) entries.push({ body, kind: 'evidence', step: null, ref: judgment.id });
    }
    for (const vote of listRunVoteReasons(db, run.id)) entries.push({ body: vote.reason, kind: 'reason', step: null, ref: vote.id });
  }
  return { runId, studyId: studyRun?.study_id ?? null, entries: entries.map((entry) => ({ ...entry, body: withoutMarkers(entry.body) })).filter((entry) => entry.body.trim() !== '') };
}

/** A trajectory's prompts, messages, tool calls and results, each with its step. */
export function trajectoryEntries(trajectory: Trajectory): SearchEntry[] {
  const entries: SearchEntry[] = [];
  if (trajectory.turns && trajectory.turns.length > 0) {
    for (const turn of trajectory.turns) {
      const first = trajectory.steps.find((step) => step.turn === turn.index);
      entries.push({ body: turn.prompt, kind: 'prompt', step: first?.index ?? null, ref: null });
    }
  } else if (trajectory.prompt !== undefined) {
    entries.push({ body: trajectory.prompt, kind: 'prompt', step: null, ref: null });
  }
  for (const step of trajectory.steps) {
    if (step.text.trim() !== '') entries.push({ body: step.text, kind: step.source === 'user' ? 'prompt' : 'message', step: step.index, ref: null });
    for (const call of step.toolCalls) {
      entries.push({ body: `${call.name}\n${argumentsText(call.arguments)}`, kind: 'tool_call', step: step.index, ref: call.id });
      if (call.result !== null) entries.push({ body: call.result, kind: 'tool_result', step: step.index, ref: call.id });
    }
  }
  return entries;
}

/**
 * A tool call's arguments as lines of `name: value`, so a command's words are words (its JSON
 * would glue an escaped newline to the next word: `hi\nls`).
 */
export function argumentsText(value: unknown, name = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return name ? `${name}: ${String(value)}` : String(value);
  const parts = Array.isArray(value) ? value.map((item) => argumentsText(item, name)) : Object.entries(value as Record<string, unknown>).map(([key, item]) => argumentsText(item, key));
  return parts.filter((part) => part !== '').join('\n');
}

function readTrajectory(workspace: Workspace, sha256: string): Trajectory | undefined {
  if (!workspace.blobs.has(sha256)) return undefined;
  try {
    const parsed = TrajectorySchema.safeParse(JSON.parse(workspace.blobs.read(sha256).toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // an unreadable blob: the run is indexed without its trajectory (integrity checks report the blob)
  }
}

function parseErrors(json: string | null): TrajectoryError[] {
  if (!json) return [];
  try {
    const errors = JSON.parse(json) as unknown;
    return Array.isArray(errors) ? (errors as TrajectoryError[]).filter((error) => typeof error?.message === 'string') : [];
  } catch {
    return [];
  }
}

/** The snippet markers cannot occur in what is indexed, so in a snippet they only ever mark a match. */
function withoutMarkers(text: string): string {
  return text.includes(MATCH_START) || text.includes(MATCH_END) ? text.replaceAll(MATCH_START, ' ').replaceAll(MATCH_END, ' ') : text;
}
