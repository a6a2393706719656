import type { Database } from 'better-sqlite3';
import { describeTaskKinds, RubricSetSchema, type RubricScale, type RubricSet, type RubricTaskKinds } from '../../../schemas/judge.ts';
import { nextRubricVersion, type RubricSetSummary, type RubricSetUsage, type StoredRubricSet } from '../../../schemas/rubric-library.ts';
import {
  countJudgmentsByRubricSet,
  findRubricSet,
  insertRubricSet,
  listChapterRubricSetRows,
  listRubricSetRows,
  type RubricSetRow,
} from '../../store/rubric-set-repository.ts';
import { builtinRubricSets } from './builtin-rubric-sets.ts';
import { describeZodIssues, LhbError } from '../../../schemas/lhb-error.ts';
import { canonicalRubricSetJson, rubricSetDigest } from './rubric-set-digest.ts';
import { resolveTaskKinds, type ResolvedTaskKinds } from './rubric-task-kinds.ts';
import { writeTransaction } from '../../store/write-transaction.ts';

/** What loading the shipped sets into a workspace did. */
export interface BuiltinLoadReport {
  added: string[];
  unchanged: number;
  /** Shipped sets whose name@version@scale is stored with other contents: the stored one is kept. */
  conflicts: string[];
}

export const describeSetRef = (set: { name: string; version: string; scale: number }): string => `${set.name}@${set.version} (${set.scale}-point)`;

function rowOf(set: RubricSet, builtin: boolean, createdAt: string): RubricSetRow {
  return {
    id: `${set.name}@${set.version}:${set.scale}`,
    name: set.name,
    version: set.version,
    scale: set.scale,
    tier: set.tier,
    authored_by: set.authoredBy,
    chapter_id: set.chapterId ?? null,
    definition_json: canonicalRubricSetJson(set),
    digest: rubricSetDigest(set),
    builtin: builtin ? 1 : 0,
    created_at: createdAt,
  };
}

function storedOf(row: RubricSetRow, kinds: ResolvedTaskKinds): StoredRubricSet {
  const set = RubricSetSchema.parse(JSON.parse(row.definition_json));
  return { set: { ...set, taskKinds: kinds.kinds }, taskKindsDeclared: kinds.declared, builtin: row.builtin === 1, digest: row.digest, createdAt: row.created_at };
}

function summaryOf(row: RubricSetRow, kinds: ResolvedTaskKinds): RubricSetSummary {
  const set = JSON.parse(row.definition_json) as RubricSet;
  return {
    name: row.name,
    version: row.version,
    scale: row.scale,
    tier: row.tier,
    title: set.title,
    authoredBy: row.authored_by,
    chapterId: set.chapterId ?? null,
    taskKinds: kinds.kinds,
    taskKindsDeclared: kinds.declared,
    builtin: row.builtin === 1,
    rubricCount: set.rubrics.length,
    digest: row.digest,
    createdAt: row.created_at,
  };
}

const sameKinds = (a: RubricTaskKinds, b: RubricTaskKinds) => JSON.stringify(a === 'any' ? a : [...a].sort()) === JSON.stringify(b === 'any' ? b : [...b].sort());

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Stores the shipped sets that are not stored yet (builtin = 1). Running it again changes
 * nothing; a shipped set whose version is already stored with other contents is reported, never
 * overwritten, because judgments may name the stored one.
 */
export function loadBuiltinRubricSets(db: Database, sets: readonly RubricSet[] = builtinRubricSets(), now: () => Date = () => new Date()): BuiltinLoadReport {
  const report: BuiltinLoadReport = { added: [], unchanged: 0, conflicts: [] };
  // IMMEDIATE: two processes opening a new workspace at once take turns instead of both reading
  // "absent" and one failing on the insert.
  writeTransaction(db, () => {
    for (const set of sets) {
      const existing = findRubricSet(db, set.name, set.version, set.scale);
      if (existing) {
        // A version stored before sets declared their kinds is read with the file's kinds; one that declares others differs.
        const storedKinds = (JSON.parse(existing.definition_json) as RubricSet).taskKinds;
        const sameContents = existing.digest === rubricSetDigest(set) && (storedKinds === undefined || set.taskKinds === undefined || sameKinds(storedKinds, set.taskKinds));
        if (sameContents) report.unchanged += 1;
        else report.conflicts.push(describeSetRef(set));
        continue;
      }
      insertRubricSet(db, rowOf(set, true, now().toISOString()));
      report.added.push(describeSetRef(set));
    }
  })();
  return report;
}

/** The rubric sets of one workspace: the shipped ones and those authored in it, every version. */
export interface RubricLibrary {
  /** Every stored version of every set, by name, scale and age. */
  list(): RubricSetSummary[];
  get(name: string, version: string, scale: RubricScale): StoredRubricSet | undefined;
  /** Like get, but an unknown set is a not_found error naming what exists. */
  require(name: string, version: string, scale: RubricScale): StoredRubricSet;
  /**
   * Stores a new set version. The same contents again change nothing (`created: false`); other
   * contents under a stored name@version@scale are refused: a change is a new version.
   */
  save(input: unknown): { stored: StoredRubricSet; created: boolean };
  /** The sets written for one chapter. */
  chapterSets(chapterId: string): RubricSetSummary[];
  /** Judgments per set version and scale. */
  usage(): RubricSetUsage[];
  /** Shipped sets that could not be loaded because another set holds their version here. */
  warnings(): string[];
}

const opened = new WeakMap<Database, BuiltinLoadReport>();

/**
 * The library over a workspace database. The first open on a connection loads the shipped sets
 * (idempotent); a read-only connection shows them without storing them.
 */
export function openRubricLibrary(db: Database, options: { now?: () => Date } = {}): RubricLibrary {
  const now = options.now ?? (() => new Date());
  let report = opened.get(db);
  if (!report) {
    report = db.readonly ? { added: [], unchanged: 0, conflicts: [] } : loadBuiltinRubricSets(db, builtinRubricSets(), now);
    opened.set(db, report);
  }
  const loadReport = report;

  // A read-only workspace that predates the shipped sets still lists them, from the files.
  const rows = (): RubricSetRow[] => {
    const stored = listRubricSetRows(db);
    if (!db.readonly) return stored;
    const keys = new Set(stored.map((row) => row.id));
    const shipped = builtinRubricSets()
      .map((set) => rowOf(set, true, ''))
      .filter((row) => !keys.has(row.id));
    return [...stored, ...shipped].sort((a, b) => a.name.localeCompare(b.name) || a.scale - b.scale || a.created_at.localeCompare(b.created_at));
  };
  const find = (name: string, version: string, scale: number) => rows().find((row) => row.name === name && row.version === version && row.scale === scale);
  const kindsOf = (row: RubricSetRow, all: readonly RubricSetRow[] = rows()) => resolveTaskKinds(row, all, builtinRubricSets());

  const library: RubricLibrary = {
    list: () => {
      const all = rows();
      return all.map((row) => summaryOf(row, kindsOf(row, all)));
    },

    get(name, version, scale) {
      const row = find(name, version, scale);
      return row ? storedOf(row, kindsOf(row)) : undefined;
    },

    require(name, version, scale) {
      const found = library.get(name, version, scale);
      if (found) return found;
      const versions = rows().filter((row) => row.name === name);
      const known = versions.length > 0 ? `Stored versions of ${name}: ${versions.map((row) => `${row.version} (${row.scale}-point)`).join(', ')}.` : `No set is named ${name}; rubrics.list names them all.`;
      throw new LhbError('not_found', `There is no rubric set ${describeSetRef({ name, version, scale })} in this workspace. ${known}`);
    },

    save(input) {
      const parsed = RubricSetSchema.safeParse(input);
      if (!parsed.success) {
        const problems = describeZodIssues(parsed.error, '(set)');
        throw new LhbError('bad_request', `The rubric set was not saved because it is not valid: ${problems}. Fix these and save again.`);
      }
      const set = parsed.data;
      if (set.taskKinds === undefined) {
        throw new LhbError('bad_request', `The rubric set was not saved because it does not say which task kinds it is for: give taskKinds as ["figma"], ["programmatic"], both, or "any".`);
      }
      const row = rowOf(set, false, now().toISOString());
      return writeTransaction(db, () => {
        const existing = findRubricSet(db, set.name, set.version, set.scale);
        if (existing) {
          const existingKinds = kindsOf(existing);
          if (existing.digest === row.digest && sameKinds(existingKinds.kinds, set.taskKinds!)) return { stored: storedOf(existing, existingKinds), created: false };
          const next = nextRubricVersion(rows().filter((other) => other.name === set.name).map((other) => other.version));
          const what = existing.digest === row.digest ? `for ${describeTaskKinds(existingKinds.kinds)}, not ${describeTaskKinds(set.taskKinds!)}` : 'with other contents';
          throw new LhbError(
            'conflict',
            `${describeSetRef(set)} is already stored ${what}${existing.builtin ? ' (it is a built-in set)' : ''}, and judgments may name it, so it is never changed. Nothing was saved. Make a new version: save it as ${set.name}@${next}.`,
          );
        }
        const sameName = listRubricSetRows(db).filter((other) => other.name === set.name);
        const otherTier = sameName.find((other) => other.tier !== set.tier);
        if (otherTier) {
          throw new LhbError('conflict', `${set.name} is a ${otherTier.tier}-tier set (${otherTier.version}); a new version keeps its tier. Nothing was saved. Give a ${set.tier}-tier set its own name.`);
        }
        const otherChapter = sameName.find((other) => other.chapter_id !== row.chapter_id && other.authored_by === 'chapter');
        if (otherChapter && set.authoredBy === 'chapter') {
          throw new LhbError('conflict', `${set.name} was written for another chapter (${otherChapter.chapter_id ?? 'since deleted'}). Nothing was saved. Give this chapter's set its own name.`);
        }
        try {
          insertRubricSet(db, row);
        } catch (error) {
          if (isUniqueViolation(error)) throw new LhbError('conflict', `${describeSetRef(set)} was stored by someone else just now. Nothing was saved; reload the sets and make a new version.`);
          if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
            throw new LhbError('not_found', `Chapter ${set.chapterId ?? ''} does not exist in this workspace (it may have been deleted). Nothing was saved. Reload the data room and write the set for one of its chapters.`);
          }
          throw error;
        }
        return { stored: storedOf(row, { kinds: set.taskKinds!, declared: true }), created: true };
      })();
    },

    chapterSets: (chapterId) => {
      const all = rows();
      return listChapterRubricSetRows(db, chapterId).map((row) => summaryOf(row, kindsOf(row, all)));
    },

    usage: () =>
      countJudgmentsByRubricSet(db).map((row) => ({
        rubricSet: row.rubric_set,
        version: row.rubric_version,
        scale: row.scale,
        judgments: row.judgments,
        failed: row.failed,
        runs: row.runs,
        judges: row.judges,
      })),

    warnings: () =>
      loadReport.conflicts.map(
        (ref) => `The built-in set ${ref} shipped with this version differs from the one stored in this workspace; the stored one is kept, since judgments may name it.`,
      ),
  };
  return library;
}
