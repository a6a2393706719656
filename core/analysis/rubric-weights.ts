import type { Database } from 'better-sqlite3';
import { listRubricSetRows } from '../store/rubric-set-repository.ts';

/** The key of one stored set version at one scale. */
export const rubricSetKey = (rubricSet: string, version: string, scale: number): string => JSON.stringify([rubricSet, version, scale]);

/** The key of one rubric in one stored set version at one scale. */
export const rubricWeightKey = (rubricSet: string, version: string, scale: number, rubric: string): string => JSON.stringify([rubricSet, version, scale, rubric]);

/** One stored set version at one scale: its rubrics, in the set's order, with their weights as stored (not normalised). */
export type StoredRubricSets = Map<string, { rubric: string; weight: number }[]>;

/**
 * Every stored set version's rubrics and weights, keyed by `rubricSetKey`, read from the sets as
 * stored (a judgment records the exact set version, so its rubrics are the ones that version had).
 */
export function loadRubricSets(db: Database): StoredRubricSets {
  const sets: StoredRubricSets = new Map();
  for (const row of listRubricSetRows(db)) {
    const definition = JSON.parse(row.definition_json) as { rubrics?: { name: string; weight: number }[] };
    sets.set(rubricSetKey(row.name, row.version, row.scale), (definition.rubrics ?? []).map((rubric) => ({ rubric: rubric.name, weight: rubric.weight })));
  }
  return sets;
}

/** Every stored rubric's weight in its set version and scale, keyed by `rubricWeightKey`. */
export function loadRubricWeights(db: Database): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [key, rubrics] of loadRubricSets(db)) {
    const [name, version, scale] = JSON.parse(key) as [string, string, number];
    for (const { rubric, weight } of rubrics) weights.set(rubricWeightKey(name, version, scale, rubric), weight);
  }
  return weights;
}

/** Who wrote each stored set version at each scale (`expert`, `llm-generic`, `chapter`); null for a set not stored. */
export function loadSetAuthors(db: Database): (set: { rubricSet: string; version: string; scale: number }) => string | null {
  const authors = new Map(listRubricSetRows(db).map((row) => [rubricSetKey(row.name, row.version, row.scale), row.authored_by as string]));
  return (set) => authors.get(rubricSetKey(set.rubricSet, set.version, set.scale)) ?? null;
}
