import { RubricSetSchema, type RubricSet } from '../../schemas/judge.ts';
import { canonicalRubricSetJson, rubricSetDigest } from '../judge/rubrics/rubric-set-digest.ts';
import { findChapter } from '../store/chapter-repository.ts';
import { findRubricSet, findRubricSetById, insertRubricSet, type RubricSetRow } from '../store/rubric-set-repository.ts';
import type { Located, RubricRowIn } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

/**
 * Rubric set versions, merged by id, then by name@version and scale with the digest: the same
 * contents are unchanged; a new version is stored as it was written (its digest checked); the
 * same name@version with other contents is a conflict. A set version is never changed in place
 * (judgments name it), so the workspace's stays and the import's is reported, whole, for a
 * person to store as a new version.
 */
export function mergeRubrics(ctx: MergeContext, rows: readonly Located<RubricRowIn>[]): void {
  for (const { row, where } of rows) {
    atRow(where, () => {
      const parsed = RubricSetSchema.safeParse({
        name: row.name,
        version: row.version,
        tier: row.tier,
        scale: row.scale,
        title: row.title,
        description: row.description,
        authoredBy: row.authored_by,
        ...(row.chapter_id === null ? {} : { chapterId: row.chapter_id }),
        ...(row.task_kinds === undefined ? {} : { taskKinds: row.task_kinds.length === 1 && row.task_kinds[0] === 'any' ? 'any' : row.task_kinds }),
        rubrics: row.rubrics.map((rubric) => ({ name: rubric.name, criterion: rubric.criterion, weight: rubric.weight, anchors: Object.fromEntries(rubric.anchors.map((anchor) => [anchor.level, anchor.text])) })),
      });
      if (!parsed.success) {
        throw new ImportRefusedError(`${where} is not a valid rubric set: field ${describeZodIssues(parsed.error, '', 1)}.`);
      }
      const set = parsed.data;
      const digest = rubricSetDigest(set);
      if (digest !== row.digest) throw new ImportRefusedError(`${where}: field digest does not match the set's rubrics (they were changed after the export).`);
      // Checked like any row (above), whether or not its id is here; a set version is never changed in place.
      const byId = findRubricSetById(ctx.db, row.rubric_set_id);
      if (byId) {
        if (byId.digest === digest) return ctx.count('rubrics', 'unchanged');
        return reportRubricConflict(ctx, byId, set, `This workspace holds rubric set version ${row.rubric_set_id} with other rubrics than the import's (${where}). Judgments name the version, so this workspace keeps its own; save the import's as a new version on the Judges screen if you need it.`);
      }
      const existing = findRubricSet(ctx.db, set.name, set.version, set.scale);
      if (existing) {
        if (existing.digest === digest) return ctx.count('rubrics', 'unchanged');
        return reportRubricConflict(ctx, existing, set, "This workspace and the import hold different rubric set versions under the same name and version. Judgments name the version, so this workspace keeps its own; save the import's as a new version on the Judges screen if you need it.");
      }
      insertRubricSet(ctx.db, {
        id: row.rubric_set_id,
        name: set.name,
        version: set.version,
        scale: set.scale,
        tier: set.tier,
        authored_by: set.authoredBy,
        chapter_id: row.chapter_id !== null && findChapter(ctx.db, row.chapter_id) ? row.chapter_id : null,
        definition_json: canonicalRubricSetJson(set),
        digest,
        builtin: row.builtin ? 1 : 0,
        created_at: row.created_at,
      } satisfies RubricSetRow);
      ctx.count('rubrics', 'added');
    });
  }
}

function reportRubricConflict(ctx: MergeContext, existing: RubricSetRow, set: RubricSet, detail: string): void {
  ctx.conflicts.push({
    kind: 'rubric-set',
    id: existing.id,
    title: `${set.name}@${set.version} (${set.scale}-point)`,
    detail,
    local: existing.definition_json,
    incoming: canonicalRubricSetJson(set),
    keptAs: null,
    alreadyKept: false,
  });
  ctx.count('rubrics', 'conflicts');
}
