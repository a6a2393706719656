import type { TaskKind } from '../../schemas/arena.ts';
import type { JudgeTier, RubricScale, RubricTaskKinds } from '../../schemas/judge.ts';
import type { RubricSetSummary, RubricSetUsage } from '../../schemas/rubric-library.ts';

/** One set at one scale with all its versions, oldest first: a row of the rubric set browser. */
export interface RubricSetGroup {
  name: string;
  scale: RubricScale;
  tier: JudgeTier;
  /** The newest version's title. */
  title: string;
  authoredBy: RubricSetSummary['authoredBy'];
  chapterId: string | null;
  versions: RubricSetSummary[];
}

export type TierFilter = JudgeTier | 'all';

/** The library's versions grouped per set and scale, by tier (process, output, content) then name and scale. */
export function groupRubricSets(sets: readonly RubricSetSummary[], tier: TierFilter = 'all'): RubricSetGroup[] {
  const groups = new Map<string, RubricSetGroup>();
  for (const set of sets) {
    if (tier !== 'all' && set.tier !== tier) continue;
    const key = `${set.name}:${set.scale}`;
    const group = groups.get(key) ?? { name: set.name, scale: set.scale, tier: set.tier, title: set.title, authoredBy: set.authoredBy, chapterId: set.chapterId, versions: [] };
    group.versions.push(set);
    group.title = set.title;
    groups.set(key, group);
  }
  const tierOrder: JudgeTier[] = ['process', 'output', 'content'];
  return [...groups.values()].sort((a, b) => tierOrder.indexOf(a.tier) - tierOrder.indexOf(b.tier) || a.name.localeCompare(b.name) || a.scale - b.scale);
}

/** Judgments made with one version at one scale. */
export function usageOf(usage: readonly RubricSetUsage[], set: { name: string; version: string; scale: number }): RubricSetUsage | undefined {
  return usage.find((row) => row.rubricSet === set.name && row.version === set.version && row.scale === set.scale);
}

/** "used by 12 judgments (2 failed)", "used by 0 judgments" */
export function usageWords(row: RubricSetUsage | undefined): string {
  if (!row || row.judgments === 0) return 'used by 0 judgments';
  const failed = row.failed > 0 ? ` (${row.failed} failed)` : '';
  return `used by ${row.judgments} judgment${row.judgments === 1 ? '' : 's'}${failed}`;
}

export const AUTHOR_WORDS: Record<RubricSetSummary['authoredBy'], string> = {
  expert: 'Expert',
  'llm-generic': 'LLM-generic baseline',
  chapter: 'Chapter-specific',
};

export const TIER_WORDS: Record<JudgeTier, string> = { process: 'Process', output: 'Output', content: 'Content' };

/** "figma-output@v2 (5-point)" */
export const setLabel = (set: { name: string; version: string; scale: number }) => `${set.name}@${set.version} (${set.scale}-point)`;

export const TASK_KIND_WORDS: Record<TaskKind, string> = { figma: 'Figma tasks', programmatic: 'Programmatic tasks' };

const KIND_NOUNS: Record<TaskKind, string> = { figma: 'Figma', programmatic: 'programmatic' };

/** "Figma tasks", "Figma and programmatic tasks", "Programmatic tasks", "Any task": what a set judges. */
export function taskKindWords(kinds: RubricTaskKinds): string {
  if (kinds === 'any') return 'Any task';
  const words = `${[...kinds].sort().map((kind) => KIND_NOUNS[kind]).join(' and ')} tasks`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
