import { RubricSetSchema, scaleLevels, type RubricTaskKinds } from '../../schemas/judge.ts';
import { countExportRubricSets, pageExportRubricSets, type ExportRubricSetRow } from '../store/export-queries.ts';
import { openRubricLibrary } from '../judge/rubrics/rubric-library.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import type { SubsetRow } from './subset-fields.ts';

export const countRubricRows = (ctx: ExportContext): number => countExportRubricSets(ctx.db);

/** One row per stored rubric set version, by id, its rubrics and anchors nested. */
export async function* rubricRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'rubrics'>> {
  // The kinds each version is for as the library reads them (declared, or worked out for a version stored before sets declared them).
  const kinds = new Map(openRubricLibrary(ctx.db).list().map((set) => [`${set.name}@${set.version}:${set.scale}`, set.taskKinds]));
  let after = '';
  for (;;) {
    const page = pageExportRubricSets(ctx.db, after, PAGE_ROWS);
    for (const row of page) yield rubricRow(row, kinds.get(`${row.name}@${row.version}:${row.scale}`) ?? 'any');
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}

function rubricRow(row: ExportRubricSetRow, taskKinds: RubricTaskKinds): SubsetRow<'rubrics'> {
  const parsed = RubricSetSchema.safeParse(JSON.parse(row.definition_json));
  if (!parsed.success) {
    throw new Error(`Rubric set ${row.name}@${row.version} (${row.scale}-point) has a definition that does not read as a rubric set (${parsed.error.issues[0]?.message ?? 'invalid'}); nothing was exported. Leave the rubrics subset out, or store the set again as a new version.`);
  }
  const set = parsed.data;
  const levels = scaleLevels(set.scale);
  return {
    rubric_set_id: row.id,
    name: row.name,
    version: row.version,
    scale: row.scale,
    tier: row.tier,
    authored_by: row.authored_by,
    chapter_id: row.chapter_id,
    title: set.title,
    description: set.description,
    task_kinds: taskKinds === 'any' ? ['any'] : [...taskKinds],
    rubrics: set.rubrics.map((rubric) => ({
      name: rubric.name,
      criterion: rubric.criterion,
      weight: rubric.weight,
      anchors: levels.map((level) => ({ level, text: rubric.anchors[level] ?? '' })),
    })),
    digest: row.digest,
    builtin: row.builtin === 1,
    created_at: utcTimestamp(row.created_at, `Rubric set ${row.name}@${row.version}`),
  };
}
