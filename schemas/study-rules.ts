import { NAME_MAX } from './imported-text.ts';

/*
 * The rules of a study that both sides check: the spec's schema (studies.ts) and the study room's
 * resolve (core/runs/study/resolve-study-spec.ts) enforce them, and the New study form
 * (renderer/runs/study-form.ts) checks them as they are typed, from this one copy, so the form
 * never accepts what the server refuses nor refuses what it accepts.
 */

/** The whole numbers a study takes, each from min to max. */
export const STUDY_NUMBER_BOUNDS = {
  repeats: { min: 1, max: 100 },
  concurrency: { min: 1, max: 64 },
  timeoutSeconds: { min: 1, max: 7 * 24 * 3600 },
} as const;

/** What a study that leaves them out runs with. */
export const STUDY_NUMBER_DEFAULTS = { repeats: 1, concurrency: 2, timeoutSeconds: 3600 } as const;

/** A study's name, and a configuration's model: one line of at most this many characters. */
export const STUDY_NAME_MAX = NAME_MAX;
export const MODEL_NAME_MAX = NAME_MAX;
/** A configuration's harness version. */
export const HARNESS_VERSION_MAX = 50;

/** An environment variable's name (a key variable, a variable a task's MCP server may receive). */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The skill versions (arms) a configuration names that the study does not compare, in order. */
export function foreignSkillVersions(arms: readonly string[], studyArms: readonly string[]): string[] {
  return arms.filter((arm) => !studyArms.includes(arm));
}
