import type { DataRoomDetail } from '../../schemas/annotate.ts';
import { chapterPlan, chapterPlanMarkdown, type ChapterPlan } from '../../schemas/chapter-plan.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { PageSpan } from '../../schemas/sources.ts';

export type PlanFormat = 'md' | 'json';

/** The room's plan with the PDF pages of every cited version (one `sources.get` per version). */
export async function loadChapterPlan(client: RpcClient, dataRoom: DataRoomDetail): Promise<ChapterPlan> {
  const pages = new Map<string, readonly PageSpan[]>();
  for (const citation of dataRoom.chapters.flatMap((c) => c.citations)) {
    if (pages.has(citation.versionId)) continue;
    const { version } = await client.call('sources.get', { sourceId: citation.sourceId, versionId: citation.versionId });
    pages.set(citation.versionId, version.pages);
  }
  return chapterPlan(dataRoom, pages);
}

export function planText(plan: ChapterPlan, format: PlanFormat): string {
  return format === 'json' ? `${JSON.stringify(plan, null, 2)}\n` : chapterPlanMarkdown(plan);
}

/** `operations-dashboard-data-room-plan.md`: the room's title as a file name. */
export function planFileName(roomTitle: string, format: PlanFormat): string {
  const slug = roomTitle
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 80);
  return `${slug || 'data-room'}-plan.${format}`;
}
