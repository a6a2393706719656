import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AnnotateDeps } from '../annotate/annotate-deps.ts';
import { seedDemoStudy } from './seed-demo-study.ts';
import { addCitation } from '../annotate/citations.ts';
import { createChapter, updateChapter } from '../annotate/chapters.ts';
import { findChapterByTitles, listDataRoomSummaries } from '../annotate/data-room-detail.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { createDataRoom, updateDataRoom } from '../annotate/data-rooms.ts';
import { forgetDataRoomHistory } from '../annotate/forget-history.ts';
import { importPaths } from '../sources/import-sources.ts';
import { listChapters } from '../store/chapter-repository.ts';
import { markDemoRecords } from '../store/demo-records.ts';
import { deleteMetaValue, readMetaValue } from '../store/meta-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { readSeedManifest } from '../workspace/seed-manifest.ts';
import { SEED_PENDING_KEY } from '../workspace/seed-workspace.ts';

/**
 * Finishes a seed that `seedWorkspace` left pending: imports the dataset's sources through the
 * real ingestion pipeline into a new data room and builds its chapter plan through the same
 * actions a user takes. Safe to re-run after a crash: imports of the same bytes are unchanged,
 * and chapters are only written into a data room that has none.
 */
export async function seedDataRoom(workspace: Workspace, deps: AnnotateDeps): Promise<void> {
  const datasetDir = readMetaValue(workspace.db, SEED_PENDING_KEY);
  if (datasetDir === undefined) return;
  const dataRoom = readSeedManifest(datasetDir).dataRoom;
  if (!dataRoom) return clearPending(workspace);

  // Data rooms belong to core/annotate: ask it, rather than reading its tables.
  const existing = listDataRoomSummaries(deps).find((summary) => summary.title === dataRoom.title);
  const dataRoomId = existing?.id ?? createDataRoom(deps, { title: dataRoom.title });
  const result = await importPaths(workspace, dataRoom.sources.map((file) => join(datasetDir, file)), { dataRoomId });
  const versionByFile = new Map<string, string>();
  const sourceIds: string[] = [];
  result.outcomes.forEach((outcome, index) => {
    if (outcome.status === 'failed') throw new Error(`The demo source ${dataRoom.sources[index]} could not be imported: ${outcome.reason}`);
    versionByFile.set(dataRoom.sources[index]!, outcome.versionId);
    sourceIds.push(outcome.sourceId);
  });

  if ((existing?.chapterCount ?? 0) === 0) {
    if (dataRoom.globalNotes) updateDataRoom(deps, { dataRoomId, globalNotes: dataRoom.globalNotes });
    let previous: string | undefined;
    for (const chapter of dataRoom.chapters) {
      const chapterId = createChapter(deps, { dataRoomId, title: chapter.title, afterChapterId: previous });
      updateChapter(deps, { chapterId, instruction: chapter.instruction, designNotes: chapter.designNotes });
      for (const citation of chapter.citations) {
        const versionId = versionByFile.get(citation.file);
        if (!versionId) throw new Error(`The demo chapter "${chapter.title}" cites ${citation.file}, which is not among the data room's sources.`);
        const line = findLine(deps, versionId, citation.quote, citation.file);
        addCitation(deps, { chapterId, versionId, startLine: line, endLine: line + citation.lines });
      }
      previous = chapterId;
    }
  }
  forgetDataRoomHistory(deps, dataRoomId);
  // Every record the seed wrote is the demo's (a rerun after a crash marks what the first try wrote).
  const chapterIds = listChapters(workspace.db, dataRoomId).map((chapter) => chapter.id);
  markDemoRecords(workspace.db, { dataRooms: [dataRoomId], sources: sourceIds, chapters: chapterIds });
  await seedArena(workspace, deps, datasetDir);
  seedDemoStudy(workspace.db, datasetDir);
  clearPending(workspace);
}

/**
 * The dataset's arena (`arena/`: task folders and output bundles) through the real bundle
 * importer. Demo bundles carry their frames, so a first start needs no browser.
 */
async function seedArena(workspace: Workspace, deps: AnnotateDeps, datasetDir: string): Promise<void> {
  const arenaDir = join(datasetDir, 'arena');
  if (!existsSync(arenaDir)) return;
  const result = await importBundles(workspace, [arenaDir], {
    captureMissingFrames: false,
    resolveChapter: (dataRoom, chapter) => findChapterByTitles(deps, dataRoom, chapter),
  });
  const failed = result.outcomes.filter((outcome) => outcome.status === 'failed');
  if (failed.length > 0) throw new Error(`The demo arena could not be imported: ${result.message}`);
  // Stored as runs like any bundle, so they are votable; marked the demo's, so they stay out of a user's study.
  const ids = (kind: 'task' | 'run') => result.outcomes.flatMap((outcome) => (outcome.status !== 'failed' && outcome.kind === kind ? [outcome.id] : []));
  markDemoRecords(workspace.db, { tasks: ids('task'), runs: ids('run') });
}

function findLine(deps: AnnotateDeps, versionId: string, quote: string, file: string): number {
  const version = deps.sources.version(versionId);
  const lines = version ? deps.sources.lines(versionId, 1, version.lineCount) : [];
  const index = lines.findIndex((line) => line.includes(quote));
  if (index < 0) throw new Error(`The demo citation quote "${quote}" is not in ${file} as imported.`);
  return index + 1;
}

function clearPending(workspace: Workspace): void {
  deleteMetaValue(workspace.db, SEED_PENDING_KEY);
}
