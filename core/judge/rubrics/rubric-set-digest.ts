import { createHash } from 'node:crypto';
import { scaleLevels, type RubricSet } from '../../../schemas/judge.ts';

/**
 * A set as JSON with a fixed key order (anchors lowest level first), so the same contents give
 * the same text and digest however the file or request ordered its keys.
 */
export function canonicalRubricSetJson(set: RubricSet): string {
  const levels = scaleLevels(set.scale);
  return JSON.stringify({
    name: set.name,
    version: set.version,
    tier: set.tier,
    scale: set.scale,
    title: set.title,
    description: set.description,
    authoredBy: set.authoredBy,
    ...(set.chapterId === undefined ? {} : { chapterId: set.chapterId }),
    rubrics: set.rubrics.map((rubric) => ({
      name: rubric.name,
      criterion: rubric.criterion,
      weight: rubric.weight,
      anchors: Object.fromEntries(levels.map((level) => [level, rubric.anchors[level]])),
    })),
  });
}

export function rubricSetDigest(set: RubricSet): string {
  return createHash('sha256').update(canonicalRubricSetJson(set)).digest('hex');
}
