import { chapterPlan, chapterPlanMarkdown } from '../../schemas/chapter-plan.ts';
import type { PageSpan } from '../../schemas/sources.ts';
import { withCliApi } from './open-cli-api.ts';
import { resolveRoom } from './room-reference.ts';

export const PLAN_FORMATS = ['md', 'json'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/**
 * `lhb chapters export --room NAME|ID [--annotator NAME] [--format md|json]`: one chapter plan of the room on stdout,
 * chapters in order with instruction, notes and citations (`source:start--end`, quote, pages).
 */
export async function runChaptersExport(options: { room: string; annotator?: string; format?: string; workspace?: string }): Promise<void> {
  const format = (options.format ?? 'md') as PlanFormat;
  if (!PLAN_FORMATS.includes(format)) throw new Error(`--format takes md or json, not ${JSON.stringify(options.format)}.`);
  await withCliApi(
    options.workspace,
    async (api) => {
      const room = await resolveRoom(api, options.room);
      const dataRoom = await api.call('dataRooms.get', { dataRoomId: room.id, annotator: options.annotator });
      const pages = new Map<string, readonly PageSpan[]>();
      for (const citation of dataRoom.chapters.flatMap((c) => c.citations)) {
        if (pages.has(citation.versionId)) continue;
        const detail = await api.call('sources.get', { sourceId: citation.sourceId, versionId: citation.versionId });
        pages.set(citation.versionId, detail.version.pages);
      }
      const plan = chapterPlan(dataRoom, pages);
      process.stdout.write(format === 'json' ? `${JSON.stringify(plan, null, 2)}\n` : chapterPlanMarkdown(plan));
    },
    { access: 'read' },
  );
}
