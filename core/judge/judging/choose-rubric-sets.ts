import type { JudgeTier, RubricScale, RubricSet } from '../../../schemas/judge.ts';
import type { RubricSetSummary } from '../../../schemas/rubric-library.ts';
import type { RubricLibrary } from '../rubrics/rubric-library.ts';
import { LhbError, lhbErrorOfCode } from '../../../schemas/lhb-error.ts';

/** The judge.start input field every refusal here concerns. */
const RUBRIC_SETS_FIELD = { field: 'rubricSets' };

export class RubricChoiceError extends lhbErrorOfCode('bad_request') {
  override name = 'RubricChoiceError';
}

/** The newest stored version of each set among `summaries` (the library lists oldest first). */
function newestPerName(summaries: readonly RubricSetSummary[]): RubricSetSummary[] {
  const newest = new Map<string, RubricSetSummary>();
  for (const summary of summaries) newest.set(summary.name, summary);
  return [...newest.values()];
}

/**
 * The rubric sets a judging job uses for a tier at a scale: each `NAME@VERSION` (or `NAME`, its
 * newest version) asked for, or else the newest version of every expert set of that tier at that
 * scale (chapter sets are added per run, by chapter). A set of another tier, or none at all, is
 * an error that names what exists.
 */
export function chooseRubricSets(library: Pick<RubricLibrary, 'list' | 'require'>, tier: JudgeTier, scale: RubricScale, refs: readonly string[] = []): RubricSet[] {
  const all = library.list();
  if (refs.length === 0) {
    const defaults = newestPerName(all.filter((set) => set.tier === tier && set.scale === scale && set.authoredBy === 'expert'));
    if (defaults.length === 0) throw new RubricChoiceError(`There is no expert rubric set for the ${tier} tier at ${scale} points in this workspace. Name one with --rubrics NAME@VERSION or author one on the Judges screen.`, RUBRIC_SETS_FIELD);
    return defaults.map((summary) => library.require(summary.name, summary.version, scale).set);
  }
  const chosen = refs.map((ref) => {
    const at = ref.lastIndexOf('@');
    const name = at > 0 ? ref.slice(0, at) : ref;
    let version = at > 0 ? ref.slice(at + 1) : undefined;
    if (version === undefined) {
      const newest = newestPerName(all.filter((set) => set.name === name && set.scale === scale))[0];
      if (!newest) throw new RubricChoiceError(`There is no rubric set ${name} at ${scale} points. Sets of the ${tier} tier: ${describeTier(all, tier)}.`, RUBRIC_SETS_FIELD);
      version = newest.version;
    }
    const { set } = requireNamed(library, name, version, scale);
    if (set.tier !== tier) throw new RubricChoiceError(`The rubric set ${name}@${version} is for the ${set.tier} tier, not ${tier}. Sets of the ${tier} tier: ${describeTier(all, tier)}.`, RUBRIC_SETS_FIELD);
    return set;
  });
  const keys = chosen.map((set) => `${set.name}@${set.version}`);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) throw new RubricChoiceError(`The rubric set ${twice} is named twice; name each set once.`, RUBRIC_SETS_FIELD);
  return chosen;
}

/** A set the caller named that the library lacks is refused as a mistake in the rubric sets the caller named. */
function requireNamed(library: Pick<RubricLibrary, 'require'>, name: string, version: string, scale: RubricScale): ReturnType<RubricLibrary['require']> {
  try {
    return library.require(name, version, scale);
  } catch (error) {
    if (error instanceof LhbError && error.field === undefined) throw new LhbError(error.code, error.message, { ...RUBRIC_SETS_FIELD, cause: error });
    throw error;
  }
}

function describeTier(all: readonly RubricSetSummary[], tier: JudgeTier): string {
  const names = [...new Set(all.filter((set) => set.tier === tier).map((set) => `${set.name}@${set.version} (${set.scale}-point)`))];
  return names.length > 0 ? names.join(', ') : 'none';
}

/** The chapter-specific sets to add for a task's chapter at this scale (newest version of each). */
export function chapterRubricSets(library: Pick<RubricLibrary, 'chapterSets' | 'require'>, chapterId: string | null, scale: RubricScale): RubricSet[] {
  if (!chapterId) return [];
  return newestPerName(library.chapterSets(chapterId).filter((set) => set.scale === scale)).map((summary) => library.require(summary.name, summary.version, scale).set);
}
