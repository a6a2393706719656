import { createHash, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { describeTaskKinds, JudgeTierSchema, rubricKindsInclude, RubricScaleSchema, rubricSetRef } from '../../../schemas/judge.ts';
import { findCachedReply, insertReplyWithJudgments } from '../../store/judge-reply-repository.ts';
import { findRun } from '../../store/run-repository.ts';
import { findTask } from '../../store/task-repository.ts';
import type { RubricLibrary } from '../rubrics/rubric-library.ts';
import { parseJudgeReply } from './parse-judge-reply.ts';
import { describeZodIssues } from '../../../schemas/lhb-error.ts';

/**
 * One line of `lhb judge import FILE`: a judge's reply to one run made elsewhere. `reply` is the
 * judge's JSON ({"rubric_scores": […]}) or its raw text, checked exactly like a reply the engine
 * receives; `rubricSet` names a set stored in this workspace.
 */
export const ImportedJudgmentLineSchema = z
  .object({
    runId: z.string().min(1),
    judge: z.string().min(1).max(100),
    /** The model that judged; default the judge's name. */
    model: z.string().min(1).max(200).optional(),
    /** `NAME@VERSION`. */
    rubricSet: z.string().regex(/^[^@]+@[^@]+$/, 'NAME@VERSION'),
    scale: RubricScaleSchema.default(5),
    tier: JudgeTierSchema.optional(),
    reply: z.union([z.string(), z.record(z.string(), z.unknown())]),
    /** When it was judged: ISO 8601 with any offset, stored in UTC like every time the app keeps. */
    createdAt: z.iso
      .datetime({ offset: true, message: 'not an ISO 8601 date-time (like 2025-05-01T12:00:00Z)' })
      .transform((value) => new Date(value).toISOString())
      .optional(),
  })
  .strict();

export interface ImportJudgmentsResult {
  imported: number;
  /** Lines already imported (the same judge model, set, scale and content): nothing changed. */
  unchanged: number;
  judgments: number;
  errors: { line: number; error: string }[];
}

/**
 * Imports judgments from JSON lines. Each valid line becomes a stored reply and one judgment per
 * rubric; a line that does not validate (unknown run or set, a set for another task kind than
 * the run's, a reply that would not parse) is reported with its number and nothing of it is
 * stored; the other lines are imported. Importing the same file again changes nothing.
 */
export function importJudgments(db: Database, library: Pick<RubricLibrary, 'get'>, text: string, now: () => Date = () => new Date()): ImportJudgmentsResult {
  const result: ImportJudgmentsResult = { imported: 0, unchanged: 0, judgments: 0, errors: [] };
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const fail = (error: string) => result.errors.push({ line: i + 1, error });
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      fail(`not JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = ImportedJudgmentLineSchema.safeParse(json);
    if (!parsed.success) {
      fail(describeZodIssues(parsed.error, '(line)'));
      continue;
    }
    const entry = parsed.data;
    const run = findRun(db, entry.runId);
    if (!run) {
      fail(`run ${entry.runId} is not in this workspace`);
      continue;
    }
    const [name, version] = entry.rubricSet.split('@') as [string, string];
    const stored = library.get(name, version, entry.scale);
    if (!stored) {
      fail(`there is no rubric set ${entry.rubricSet} at ${entry.scale} points in this workspace`);
      continue;
    }
    const set = stored.set;
    if (entry.tier && entry.tier !== set.tier) {
      fail(`tier ${entry.tier} does not match ${entry.rubricSet}, a ${set.tier}-tier set`);
      continue;
    }
    const task = findTask(db, run.task_id);
    const kinds = set.taskKinds ?? 'any';
    if (task && !rubricKindsInclude(kinds, task.kind)) {
      fail(`${rubricSetRef(set)} is a rubric set for ${describeTaskKinds(kinds)}, and run ${entry.runId} is of a ${task.kind} task; nothing of this line was stored. Judge it with a set for ${task.kind} tasks.`);
      continue;
    }
    const raw = typeof entry.reply === 'string' ? entry.reply : JSON.stringify(entry.reply);
    const reply = parseJudgeReply(raw, set);
    if (!reply.ok) {
      fail(`the reply is not valid: ${reply.error}`);
      continue;
    }
    const model = entry.model ?? entry.judge;
    const inputHash = `import:${createHash('sha256').update(JSON.stringify([entry.runId, entry.judge, raw])).digest('hex')}`;
    if (findCachedReply(db, { judge_model: model, rubric_set: set.name, rubric_version: set.version, scale: set.scale, input_hash: inputHash })) {
      result.unchanged++;
      continue;
    }
    const stamp = entry.createdAt ?? now().toISOString();
    const replyId = randomUUID();
    const base = { run_id: entry.runId, judge: entry.judge, tier: set.tier, rubric_set: set.name, rubric_version: set.version, scale: set.scale, rationale: '', reply_id: replyId, synthetic: 0 as const, created_at: stamp, failure: null, status: 'ok' as const };
    insertReplyWithJudgments(
      db,
      {
        id: replyId, run_id: entry.runId, judge: entry.judge, judge_model: model, tier: set.tier, rubric_set: set.name, rubric_version: set.version, scale: set.scale,
        input_hash: inputHash, status: 'ok', failure: null, raw_reply: raw, attempts: 0, tokens_input: null, tokens_output: null, cost_usd: null, duration_ms: null, job_id: null, created_at: stamp,
      },
      reply.scores.map((score) => ({ ...base, id: randomUUID(), rubric: score.rubric, score: score.score, level: score.level, evidence: score.evidence })),
    );
    result.imported++;
    result.judgments += reply.scores.length;
  }
  return result;
}
