import type { Database } from 'better-sqlite3';
import { listRubricSetRows } from '../store/rubric-set-repository.ts';

/** The key of one rubric in one stored set version at one scale. */
export const rubricWeightKey = (rubricSet: string, version: string, scale: number, rubric: string): string => JSON.stringify([rubricSet, version, scale, rubric]);

/**
 * Every stored rubric's weight in its set version and scale, read from the sets as stored (a
 * judgment records the exact set version, so its weight is the one that version had).
 */
export function loadRubricWeights(db: Database): Map<string, number> {
  const weights = new Map<string, number>();
  for (const row of listRubricSetRows(db)) {
    const definition = JSON.parse(row.definition_json) as { rubrics?: { name: string; weight: number }[] };
    for (const rubric of definition.rubrics ?? []) weights.set(rubricWeightKey(row.name, row.version, row.scale, rubric.name), rubric.weight);
  }
  return weights;
}
