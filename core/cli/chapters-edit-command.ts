import type { Chapter, DataRoomDetail } from '../../schemas/annotate.ts';
import type { Api } from '../api/create-api.ts';
import { withCliApi } from './open-cli-api.ts';
import { resolveRoom } from './room-reference.ts';

/** Whose plan a chapter command works on: `--annotator NAME`, or the workspace owner's without it. */
interface PlanOptions {
  room: string;
  annotator?: string;
  workspace?: string;
}

const whose = (detail: DataRoomDetail) => (detail.annotator ? `${detail.annotator}'s plan` : "the workspace owner's plan");
const write = (text: string) => process.stdout.write(`${text}\n`);

/** The chapter of the plan `reference` names: its id, its number (1-based) or its title (case-insensitive). */
function findChapter(detail: DataRoomDetail, reference: string): Chapter {
  const wanted = reference.trim().toLowerCase();
  const byNumber = /^\d+$/.test(wanted) ? detail.chapters[Number(wanted) - 1] : undefined;
  const found = detail.chapters.find((c) => c.id === reference) ?? byNumber ?? detail.chapters.find((c) => c.title.trim().toLowerCase() === wanted);
  if (found) return found;
  const list = detail.chapters.map((c, i) => `  ${i + 1}. ${c.title}`).join('\n') || '  (none yet: add one with lhb chapters add)';
  throw new Error(`--chapter ${JSON.stringify(reference)} is not a chapter of ${whose(detail)} of "${detail.title}". Its chapters are:\n${list}`);
}

async function onPlan(options: PlanOptions, work: (api: Api, detail: DataRoomDetail) => Promise<void>): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const room = await resolveRoom(api, options.room);
    await work(api, await api.call('dataRooms.get', { dataRoomId: room.id, annotator: options.annotator }));
  });
}

/** `lhb chapters add TITLE --room R [--annotator NAME] [--instruction TEXT]`: a chapter at the end of the plan. */
export async function runChaptersAdd(title: string, options: PlanOptions & { instruction?: string }): Promise<void> {
  await onPlan(options, async (api, detail) => {
    let after = await api.call('chapters.create', { dataRoomId: detail.id, annotator: options.annotator, title });
    const chapter = after.chapters.at(-1)!;
    if (options.instruction !== undefined) after = await api.call('chapters.update', { chapterId: chapter.id, instruction: options.instruction });
    write(`Added chapter ${after.chapters.length}. "${chapter.title}" (${chapter.id}) to ${whose(after)} of "${after.title}".`);
  });
}

/** `lhb chapters cite --room R --chapter C --source ID --lines A-B [--annotator NAME]`: cites lines of a source's newest version. */
export async function runChaptersCite(options: PlanOptions & { chapter: string; source: string; lines: string }): Promise<void> {
  const match = /^(\d+)-(\d+)$/.exec(options.lines.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < Number(match[1])) {
    throw new Error(`--lines takes a range of line numbers A-B with 1 <= A <= B, e.g. 12-15, not ${JSON.stringify(options.lines)}.`);
  }
  await onPlan(options, async (api, detail) => {
    const chapter = findChapter(detail, options.chapter);
    const source = detail.sources.find((s) => s.id === options.source || s.originalName === options.source);
    if (!source) {
      const list = detail.sources.map((s) => `  ${s.id}  ${s.originalName}`).join('\n') || '  (none: add sources with lhb sources add --room ...)';
      throw new Error(`--source ${JSON.stringify(options.source)} is not a source of "${detail.title}". Its sources are:\n${list}`);
    }
    const after = await api.call('chapters.addCitation', { chapterId: chapter.id, versionId: source.latestVersionId, startLine: Number(match[1]), endLine: Number(match[2]) });
    const cited = after.chapters.find((c) => c.id === chapter.id)!.citations.at(-1)!;
    write(`Cited ${cited.sourceId}:${cited.startLine}--${cited.endLine} in "${chapter.title}" of ${whose(after)}: ${JSON.stringify(cited.quote.slice(0, 80))}`);
  });
}
