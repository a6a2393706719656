import { ARTIFACT_TIER_OF_KIND, type RubricSet, type RubricTaskKinds } from '../../../schemas/judge.ts';
import type { TaskKind } from '../../../schemas/arena.ts';
import type { RubricSetRow } from '../../store/rubric-set-repository.ts';
import { rubricSetDigest } from './rubric-set-digest.ts';

export interface ResolvedTaskKinds {
  kinds: RubricTaskKinds;
  /** The stored version says so itself; false when the kinds were read as below. */
  declared: boolean;
}

const definitionOf = (row: RubricSetRow) => JSON.parse(row.definition_json) as RubricSet;

/**
 * The task kinds a stored set version is for. A version saved since sets declared their kinds
 * says so. One stored before then (a workspace that loaded the shipped v1 sets earlier, a set
 * authored or imported without kinds) is read, in this order, as:
 * 1. the kinds its shipped file declares, when it is a built-in version whose rubrics are the same;
 * 2. the kinds of another version of the same set (a new version keeps its set's kinds, as it
 *    keeps its tier): the built-in one first, else the newest that declares kinds;
 * 3. for an artifact tier, the one kind whose artifact tier it is (output: figma, content: programmatic);
 * 4. any task.
 * Nothing is written: a stored version is never changed, and a read-only workspace reads the same.
 */
export function resolveTaskKinds(row: RubricSetRow, rows: readonly RubricSetRow[], shipped: readonly RubricSet[]): ResolvedTaskKinds {
  const own = definitionOf(row).taskKinds;
  if (own !== undefined) return { kinds: own, declared: true };
  const fromShipped = (candidate: RubricSetRow): RubricTaskKinds | undefined => {
    if (candidate.builtin !== 1) return undefined;
    const file = shipped.find((set) => set.name === candidate.name && set.version === candidate.version && set.scale === candidate.scale);
    return file && rubricSetDigest(file) === candidate.digest ? file.taskKinds : undefined;
  };
  const shippedKinds = fromShipped(row);
  if (shippedKinds !== undefined) return { kinds: shippedKinds, declared: false };
  const siblings = rows.filter((other) => other.name === row.name && other.id !== row.id);
  const ordered = [...siblings.filter((other) => other.builtin === 1), ...siblings.filter((other) => other.builtin !== 1).reverse()];
  for (const sibling of ordered) {
    const kinds = definitionOf(sibling).taskKinds ?? fromShipped(sibling);
    if (kinds !== undefined) return { kinds, declared: false };
  }
  const artifactKind = (Object.entries(ARTIFACT_TIER_OF_KIND) as [TaskKind, string][]).find(([, tier]) => tier === row.tier)?.[0];
  return { kinds: artifactKind ? [artifactKind] : 'any', declared: false };
}
