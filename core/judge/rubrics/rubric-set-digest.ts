import { createHash } from 'node:crypto';
import { scaleLevels, type RubricSet } from '../../../schemas/judge.ts';

/** What a judge reads of a set, with a fixed key order (anchors lowest level first). */
function judgedContents(set: RubricSet) {
  const levels = scaleLevels(set.scale);
  return {
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
  };
}

/**
 * A set as JSON with a fixed key order, so the same contents give the same text however the file
 * or request ordered its keys: what is stored as the set's definition. Its task kinds, when
 * declared, come last (sorted).
 */
export function canonicalRubricSetJson(set: RubricSet): string {
  const kinds = set.taskKinds === undefined ? {} : { taskKinds: set.taskKinds === 'any' ? 'any' : [...set.taskKinds].sort() };
  return JSON.stringify({ ...judgedContents(set), ...kinds });
}

/**
 * SHA-256 of what a judge reads of the set (name, version, texts, weights, anchors), which is
 * what a stored name@version promises never changes. The task kinds it is for are not part of
 * it: sets stored and exported before sets declared their kinds keep their digest, so the
 * same built-in version is not reported as changed, and an older export still merges.
 */
export function rubricSetDigest(set: RubricSet): string {
  return createHash('sha256').update(JSON.stringify(judgedContents(set))).digest('hex');
}
