import type { Database } from 'better-sqlite3';
import { describeTaskKinds, rubricKindsInclude, type RubricTaskKinds } from '../../../schemas/judge.ts';
import { listJudgedRunTaskKinds } from '../../store/judgment-repository.ts';
import { listRubricSetRows } from '../../store/rubric-set-repository.ts';
import { builtinRubricSets } from './builtin-rubric-sets.ts';
import { resolveTaskKinds } from './rubric-task-kinds.ts';

/** The fields of a stored judgment the check reads. */
export interface JudgedWith {
  run_id: string;
  rubric_set: string;
  rubric_version: string;
  scale: number;
}

/**
 * Tells which stored judgments were made with a rubric set for another task kind than their
 * run's (judging before sets declared their kinds scored Figma builds on pedagogy, and chapter
 * presentations on Figma process). Those stay stored, shown marked, and are left out of every
 * figure: analysis, `lhb judge compare`, the dataset export. A judgment with no named set (the
 * demo's synthetic ones) or a set this workspace does not hold is never left out.
 */
export interface JudgmentKindCheck {
  /** Why the judgment is left out of every figure, or null when it counts. */
  leftOut(judgment: JudgedWith): string | null;
}

const key = (name: string, version: string, scale: number) => `${name}\u0000${version}\u0000${scale}`;

export function judgmentKindCheck(db: Database): JudgmentKindCheck {
  const kindsBySet = new Map<string, RubricTaskKinds>();
  const shipped = builtinRubricSets();
  const rows = listRubricSetRows(db);
  for (const row of rows) kindsBySet.set(key(row.name, row.version, row.scale), resolveTaskKinds(row, rows, shipped).kinds);
  // A workspace opened read-only before the shipped sets were stored still names them.
  for (const set of shipped) if (set.taskKinds && !kindsBySet.has(key(set.name, set.version, set.scale))) kindsBySet.set(key(set.name, set.version, set.scale), set.taskKinds);
  const kindByRun = new Map(listJudgedRunTaskKinds(db).map((row) => [row.run_id, row.kind]));
  return {
    leftOut(judgment) {
      if (judgment.rubric_set === '') return null;
      const kinds = kindsBySet.get(key(judgment.rubric_set, judgment.rubric_version, judgment.scale));
      const kind = kindByRun.get(judgment.run_id);
      if (kinds === undefined || kind === undefined || rubricKindsInclude(kinds, kind)) return null;
      return `made with ${judgment.rubric_set}@${judgment.rubric_version}, a rubric set for ${describeTaskKinds(kinds)}, on a run of a ${kind} task`;
    },
  };
}
