import { resolve } from 'node:path';
import type { RpcOutput } from '../../schemas/rpc.ts';
import { MAX_LINES_PER_CALL, type ImportOutcome, type SourceSummary } from '../../schemas/sources.ts';
import { quoted } from '../annotate/quoted.ts';
import { followJob } from './follow-job.ts';
import { withCliApi } from './open-cli-api.ts';
import { resolveRoom } from './room-reference.ts';

type SourceDetail = RpcOutput<'sources.get'>;

/**
 * `lhb sources add PATH...`: imports through sources.importPaths, waits for the job, then prints
 * each imported source (JSON Lines with --json). Every failure goes to stderr with its reason;
 * the exit code is 1 when any file failed, after the others were imported.
 */
export async function runSourcesAdd(paths: string[], options: { room?: string; course?: string; json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const roomReference = options.room ?? options.course;
    const room = roomReference ? await resolveRoom(api, roomReference) : undefined;
    const input = { paths: paths.map((p) => resolve(p)), ...(room ? { dataRoomId: room.id } : {}) };
    const { jobId } = await api.call('sources.importPaths', input);
    const job = await followJob(api.context.jobs, jobId);
    const { result } = await api.call('sources.result', { jobId });
    if (!result) throw new Error(job?.message ?? `The import job ${jobId} ended without a result.`);
    for (const skipped of result.skipped) process.stderr.write(`lhb: skipped ${skipped.reason}\n`);
    for (const outcome of result.outcomes) {
      if (outcome.status === 'failed') {
        process.stderr.write(`lhb: ${outcome.reason}\n`);
        continue;
      }
      const detail = await api.call('sources.get', { sourceId: outcome.sourceId, versionId: outcome.versionId });
      process.stdout.write(options.json ? `${JSON.stringify(sourceJson(detail))}\n` : `${describeOutcome(outcome, detail)}\n`);
    }
    if (!options.json) process.stderr.write(`${result.message}\n`);
    if (result.outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
  });
}

/**
 * `lhb sources renormalise [ID...]`: re-reads sources made by an older normaliser through
 * sources.renormalise, waits for the job, and prints each source's outcome (a new version,
 * reindexed in place, or unchanged); failures go to stderr and make the exit code 1.
 */
export async function runSourcesRenormalise(ids: string[], options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const { jobId } = await api.call('sources.renormalise', ids.length > 0 ? { sourceIds: ids } : {});
    const job = await followJob(api.context.jobs, jobId);
    const { result } = await api.call('sources.result', { jobId });
    if (!result) throw new Error(job?.message ?? `The re-read job ${jobId} ended without a result.`);
    for (const outcome of result.outcomes) {
      if (outcome.status === 'failed') {
        process.stderr.write(`lhb: ${outcome.reason}\n`);
        continue;
      }
      process.stdout.write(options.json ? `${JSON.stringify(outcome)}\n` : describeReread(outcome));
    }
    if (!options.json) process.stderr.write(`${result.message}\n`);
    if (result.outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
  });
}

/**
 * One re-read source: its new version and what became of its citations (carried over, of which
 * moved, and orphaned), then one line per orphaned citation naming it, its chapter and the
 * passage of the new version most like its quote.
 */
function describeReread(outcome: Exclude<ImportOutcome, { status: 'failed' }>): string {
  if (outcome.status === 'unchanged' && outcome.reindexed) return `reindexed      ${outcome.sourceId}  same text; outline, pages and extraction notes brought up to date\n`;
  if (outcome.status !== 'new-version') return `unchanged      ${outcome.sourceId}\n`;
  const head = `new version v${outcome.version}  ${outcome.sourceId}`;
  const citations = outcome.citations;
  if (!citations) return `${head}  no citations to move\n`;
  const lines = [`${head}  citations: ${citations.reanchored} re-anchored (${citations.moved} moved), ${citations.orphaned} orphaned`];
  for (const orphan of citations.orphans) {
    const nearest = orphan.nearest
      ? `nearest: lines ${orphan.nearest.startLine}–${orphan.nearest.endLine} (${Math.round(orphan.nearest.similarity * 100)} % of its words) ${quoted(orphan.nearest.text, 100)}`
      : 'nothing like it is left';
    lines.push(`  orphaned ${orphan.citationId} in "${orphan.chapterTitle}": ${quoted(orphan.quote, 80)}; ${nearest}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `lhb sources list`: every source with its newest version and its data room. */
export async function runSourcesList(options: { room?: string; course?: string; json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const roomReference = options.room ?? options.course;
    const room = roomReference ? await resolveRoom(api, roomReference) : undefined;
    const { sources } = await api.call('sources.list', room ? { dataRoomId: room.id } : {});
    if (options.json) {
      process.stdout.write(`${JSON.stringify(sources, null, 2)}\n`);
      return;
    }
    if (sources.length === 0) {
      process.stdout.write('No sources yet. Import some with: lhb sources add PATH...\n');
      return;
    }
    const { dataRooms } = await api.call('dataRooms.list', {});
    const roomTitles = new Map(dataRooms.map((c) => [c.id, c.title]));
    const roomOf = (s: SourceSummary) => (s.dataRoomId === null ? '(no room)' : (roomTitles.get(s.dataRoomId) ?? s.dataRoomId));
    const rows = sources.map((s) => [s.id, s.type, String(s.lineCount), `v${s.version}`, roomOf(s), s.title]);
    const head = ['ID', 'TYPE', 'LINES', 'VERSION', 'ROOM', 'TITLE'];
    const widths = head.map((h, column) => Math.max(h.length, ...rows.map((row) => row[column]!.length)));
    const format = (row: string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
    process.stdout.write(`${[format(head), ...rows.map(format)].join('\n')}\n`);
  }, { access: 'read' });
}

/** `lhb sources show ID [--lines A-B]`: the newest version's lines as `NNNN| text`. */
export async function runSourcesShow(sourceId: string, options: { lines?: string; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const detail = await api.call('sources.get', { sourceId });
    const { lineCount, id: versionId } = detail.version;
    const [start, end] = options.lines ? parseLineRange(options.lines, sourceId, lineCount) : [1, lineCount];
    // Numbers are zero-padded to 4 digits, or to the width of the largest line number.
    const width = Math.max(4, String(lineCount).length);
    for (let from = start; from <= end; from += MAX_LINES_PER_CALL) {
      const to = Math.min(end, from + MAX_LINES_PER_CALL - 1);
      const { lines } = await api.call('sources.lines', { versionId, start: from, end: to });
      process.stdout.write(lines.map((text, i) => `${String(from + i).padStart(width, '0')}| ${text}\n`).join(''));
    }
  }, { access: 'read' });
}

/** "12-15" or "12" → [12, 15] / [12, 12]; the end is clamped to the source's last line. */
export function parseLineRange(text: string, sourceId: string, lineCount: number): [number, number] {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  const start = Number(match?.[1]);
  const end = match?.[2] === undefined ? start : Number(match[2]);
  if (!match || start < 1 || end < start) throw new Error(`--lines takes A-B with 1 ≤ A ≤ B (e.g. --lines 12-15), not ${JSON.stringify(text)}.`);
  if (start > lineCount) throw new Error(`${sourceId} has ${lineCount} line${lineCount === 1 ? '' : 's'}; --lines ${text} starts after its end.`);
  return [start, Math.min(end, lineCount)];
}


function sourceJson({ source, version }: SourceDetail) {
  return {
    id: source.id,
    title: source.title,
    type: source.type,
    lineCount: version.lineCount,
    sha256: version.sha256,
    sections: version.sections.map(({ title, level, startLine, endLine }) => ({ title, level, startLine, endLine })),
  };
}

function describeOutcome(outcome: Exclude<ImportOutcome, { status: 'failed' }>, { source, version }: SourceDetail): string {
  const what = outcome.status === 'added' ? 'added' : outcome.status === 'new-version' ? `version ${version.version}` : 'unchanged';
  return `${what.padEnd(10)} ${source.id}  ${source.type}, ${version.lineCount} lines, ${version.sections.length} sections  ${source.title}`;
}
