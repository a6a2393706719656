import type { Database } from 'better-sqlite3';
import type { StudyScope } from '../analysis/study-scope.ts';
import type { DemoFlag } from '../store/export-queries.ts';
import type { SourceWorkspace } from '../sources/index.ts';
import type { CollectionFacts } from './collection-facts.ts';
import type { CopiedFiles } from './copied-files.ts';

/** What every subset's row reader needs: the store, the project, and how names and paths are treated. */
export interface ExportContext {
  db: Database;
  workspace: SourceWorkspace;
  projectId: string;
  /** 1 when the demo's records (its data room, sources, chapters, arena runs and the votes and judgments on them) are exported: only when synthetic data is asked for. */
  demo: DemoFlag;
  /** The name written for an annotator: their own, or a stable pseudonym. */
  annotatorName(name: string): string;
  /** Facts gathered while reading, for the card (annotators, judges, versions, dates). */
  facts: CollectionFacts;
  /** The chosen studies (`--study`): only their runs, and the votes and judgments touching only them (export-scope.ts); absent, everything. */
  scope?: StudyScope | null;
  /** The files the rows name that are copied into the folder (ground-truth images, transcripts), text redacted as the rows are. */
  files: CopiedFiles;
}

/** Rows per page read from the store; the connection serves other calls between pages. */
export const PAGE_ROWS = 2000;

/** An ISO-8601 instant in UTC (`…Z`, milliseconds), or an error naming the value. */
export function utcTimestamp(value: string, what: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`${what} has the time "${value}", which is not a date; nothing was exported. Fix that row or leave its subset out.`);
  return new Date(time).toISOString();
}

/**
 * A judge record's time as exported (`what` names the record in the error an unreadable time
 * gives), its judge and judge model noted for the card, its time under `label` ("pairwise verdicts").
 */
export function noteJudgeRecord(ctx: Pick<ExportContext, 'facts'>, label: string, what: string, row: { judge: string; judge_model: string; created_at: string }): string {
  const createdAt = utcTimestamp(row.created_at, what);
  ctx.facts.judges.add(row.judge);
  ctx.facts.judgeModels.add(row.judge_model);
  ctx.facts.date(label, createdAt);
  return createdAt;
}

/** A stored versions record (`{"harness":"2.0.14","skill":"v2"}`) as name/version pairs sorted by name. */
export function versionList(versionsJson: string): { name: string; version: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(versionsJson);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([, version]) => version !== null && version !== undefined)
    .map(([name, version]) => ({ name, version: typeof version === 'string' ? version : JSON.stringify(version) }))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/** Lets the event loop run between pages so a long export never stalls the app. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
