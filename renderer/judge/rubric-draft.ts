import type { TaskKind } from '../../schemas/arena.ts';
import { ARTIFACT_TIER_OF_KIND, RubricSetSchema, scaleLevels, type JudgeTier, type RubricScale, type RubricSet } from '../../schemas/judge.ts';

/**
 * The rubric set editor's state: every field as the user typed it (weights as text, so "0." can
 * be typed), turned into a RubricSet only when it validates.
 */
export interface RubricDraft {
  name: string;
  version: string;
  tier: JudgeTier;
  scale: RubricScale;
  title: string;
  description: string;
  authoredBy: RubricSet['authoredBy'];
  chapterId?: string;
  /** The task kinds it judges: some kinds (possibly none yet, which is refused) or any. */
  taskKinds: 'any' | TaskKind[];
  rubrics: RubricDraftRow[];
}

export interface RubricDraftRow {
  /** Stable React key; not saved. */
  key: string;
  name: string;
  criterion: string;
  weight: string;
  anchors: Record<string, string>;
}

let keys = 0;
const nextKey = () => `rubric-${++keys}`;

const emptyAnchors = (scale: RubricScale) => Object.fromEntries(scaleLevels(scale).map((level) => [level, '']));

export function blankRubric(scale: RubricScale, weight = ''): RubricDraftRow {
  return { key: nextKey(), name: '', criterion: '', weight, anchors: emptyAnchors(scale) };
}

/** The kind whose artifact tier `tier` is (output: figma, content: programmatic); none for the process tier, which every kind has. */
const kindOfArtifactTier = (tier: JudgeTier): TaskKind | undefined => (Object.keys(ARTIFACT_TIER_OF_KIND) as TaskKind[]).find((kind) => ARTIFACT_TIER_OF_KIND[kind] === tier);

/** A new set from nothing: one empty rubric worth the whole weight, for the kind whose artifact tier it is (a process set must choose). */
export function blankDraft(tier: JudgeTier = 'output', scale: RubricScale = 5): RubricDraft {
  const kind = kindOfArtifactTier(tier);
  return { name: '', version: 'v1', tier, scale, title: '', description: '', authoredBy: 'expert', taskKinds: kind ? [kind] : [], rubrics: [blankRubric(scale, '1')] };
}

/** The draft's kinds with one kind ticked or unticked (ticking a kind turns "any" off). */
export function toggleTaskKind(kinds: RubricDraft['taskKinds'], kind: TaskKind, on: boolean): RubricDraft['taskKinds'] {
  const current = kinds === 'any' ? [] : kinds;
  return on ? [...new Set([...current, kind])] : current.filter((other) => other !== kind);
}

/** An existing set as a draft of its next version (its name, tier and authorship kept). */
export function draftFromSet(set: RubricSet, version: string): RubricDraft {
  return {
    name: set.name,
    version,
    tier: set.tier,
    scale: set.scale,
    title: set.title,
    description: set.description,
    authoredBy: set.authoredBy,
    ...(set.chapterId === undefined ? {} : { chapterId: set.chapterId }),
    taskKinds: set.taskKinds === undefined || set.taskKinds === 'any' ? 'any' : [...set.taskKinds],
    rubrics: set.rubrics.map((rubric) => ({ key: nextKey(), name: rubric.name, criterion: rubric.criterion, weight: String(rubric.weight), anchors: { ...rubric.anchors } })),
  };
}

/**
 * Re-keys anchors for another scale by position: the lowest, middle and highest levels of a
 * 3-point scale become 1, 3 and 5 of a 5-point one (2 and 4 start empty), and back again.
 */
export function changeDraftScale(draft: RubricDraft, scale: RubricScale): RubricDraft {
  if (scale === draft.scale) return draft;
  const mapping: Record<string, string> = scale === 5 ? { '0': '1', '1': '3', '2': '5' } : { '1': '0', '3': '1', '5': '2' };
  return {
    ...draft,
    scale,
    rubrics: draft.rubrics.map((rubric) => {
      const anchors = emptyAnchors(scale);
      for (const [from, to] of Object.entries(mapping)) anchors[to] = rubric.anchors[from] ?? '';
      return { ...rubric, anchors };
    }),
  };
}

const parseWeight = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
};

/** The weights' total, ignoring those that are not numbers yet; rounded so 0.1 + 0.2 reads 0.3. */
export function weightSum(draft: Pick<RubricDraft, 'rubrics'>): number {
  const total = draft.rubrics.reduce((sum, rubric) => sum + (parseWeight(rubric.weight) ?? 0), 0);
  return Number(total.toFixed(6));
}

export const weightsBalanced = (draft: Pick<RubricDraft, 'rubrics'>) => Math.abs(weightSum(draft) - 1) <= 1e-6;

/** "Weights sum to 0.95; they must sum to 1 (0.05 short)." or "Weights sum to 1." */
export function weightSumMessage(draft: Pick<RubricDraft, 'rubrics'>): string {
  const sum = weightSum(draft);
  if (weightsBalanced(draft)) return 'Weights sum to 1.';
  const gap = Number(Math.abs(1 - sum).toFixed(6));
  return `Weights sum to ${sum}; they must sum to 1 (${gap} ${sum < 1 ? 'short' : 'over'}).`;
}

/** Spreads the weight evenly, the rounding remainder on the last rubric, so the sum is exactly 1. */
export function evenWeights(draft: RubricDraft): RubricDraft {
  const count = draft.rubrics.length;
  const share = Number((1 / count).toFixed(4));
  const last = Number((1 - share * (count - 1)).toFixed(4));
  return { ...draft, rubrics: draft.rubrics.map((rubric, i) => ({ ...rubric, weight: String(i === count - 1 ? last : share) })) };
}

/** Field errors keyed like the schema's paths: `name`, `rubrics.0.weight`, `rubrics.1.anchors.3`, `rubrics` (the sum). */
export type DraftErrors = Record<string, string>;

export type DraftCheck = { ok: true; set: RubricSet } | { ok: false; errors: DraftErrors };

/** Checks the draft with the same schema the server uses, and says which field each problem belongs to. */
export function checkDraft(draft: RubricDraft): DraftCheck {
  const errors: DraftErrors = {};
  const rubrics = draft.rubrics.map((rubric, i) => {
    const weight = parseWeight(rubric.weight);
    if (rubric.weight.trim() === '') errors[`rubrics.${i}.weight`] = 'Give a weight between 0 and 1.';
    else if (weight === undefined) errors[`rubrics.${i}.weight`] = 'A weight is a number such as 0.25.';
    const anchors: Record<string, string> = {};
    for (const level of scaleLevels(draft.scale)) {
      const text = (rubric.anchors[level] ?? '').trim();
      if (text === '') errors[`rubrics.${i}.anchors.${level}`] = `Describe what a judge sees at level ${level}.`;
      anchors[level] = text;
    }
    return { name: rubric.name.trim(), criterion: rubric.criterion.trim(), weight: weight ?? 0, anchors };
  });
  const candidate = {
    name: draft.name.trim(),
    version: draft.version.trim(),
    tier: draft.tier,
    scale: draft.scale,
    title: draft.title.trim(),
    description: draft.description.trim(),
    authoredBy: draft.authoredBy,
    ...(draft.chapterId === undefined ? {} : { chapterId: draft.chapterId }),
    taskKinds: draft.taskKinds,
    rubrics,
  };
  if (draft.taskKinds !== 'any' && draft.taskKinds.length === 0) errors.taskKinds = 'Choose the task kinds this set judges, or any task.';
  const parsed = RubricSetSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const field = path === '' ? 'set' : path;
      // The first message per field; an empty anchor's own message already says what to do.
      errors[field] ??= friendlyMessage(field, issue.message, issue.code === 'too_small');
    }
  }
  return Object.keys(errors).length === 0 && parsed.success ? { ok: true, set: parsed.data } : { ok: false, errors };
}

/** `empty`: the schema's issue is `too_small` (an empty text), told from its code, not its words. */
function friendlyMessage(field: string, message: string, empty: boolean): string {
  if (/^rubrics\.\d+\.name$/.test(field) && empty) return 'Give the rubric a name.';
  if (/^rubrics\.\d+\.criterion$/.test(field) && empty) return 'Say what the rubric judges and where its boundary lies.';
  if (/^rubrics\.\d+\.weight$/.test(field)) return 'A weight is more than 0 and at most 1.';
  if (field === 'title' && empty) return 'Give the set a title.';
  if (field === 'name') return `Use ${message} (for example figma-output).`;
  if (field === 'version') return `Use ${message}.`;
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith('.') ? '' : '.');
}

/** How many problems, in words, for the message beside Save. */
export function errorSummary(errors: DraftErrors): string {
  const count = Object.keys(errors).length;
  return `${count} problem${count === 1 ? '' : 's'} to fix before saving; each is shown next to its field.`;
}
