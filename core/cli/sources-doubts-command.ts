import type { ExtractionDoubtKind } from '../../schemas/sources.ts';
import { withCliApi } from './open-cli-api.ts';

/** Each doubt's kind as a reader says it. */
const KIND_WORDS: Record<ExtractionDoubtKind, string> = {
  'possible-table': 'possible table',
  'possible-false-heading': 'possible false heading',
  'possible-missed-heading': 'possible missed heading',
  'low-text-coverage': 'little text on page',
  'no-text': 'page without text',
};

/**
 * `lhb sources doubts ID [--json]`: what extraction found doubtful in the source's newest version,
 * one line each (its line, page, kind and note), to check against the original file; JSON prints
 * {sourceId, versionId, doubts}.
 */
export async function runSourcesDoubts(sourceId: string, options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      const { versionId, doubts } = await api.call('sources.doubts', { sourceId });
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ sourceId, versionId, doubts }, null, 2)}\n`);
        return;
      }
      if (doubts.length === 0) {
        process.stdout.write(`Nothing in ${sourceId} looked doubtful to the extraction (a source imported before extraction notes were kept has none: lhb sources renormalise ${sourceId}).\n`);
        return;
      }
      const rows = doubts.map((doubt) => [String(doubt.line), doubt.page === undefined ? '-' : String(doubt.page), KIND_WORDS[doubt.kind], doubt.note]);
      const head = ['LINE', 'PAGE', 'KIND', 'NOTE'];
      const widths = head.map((h, column) => Math.max(h.length, ...rows.map((row) => row[column]!.length)));
      const format = (row: string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : column < 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
      process.stdout.write(`${[format(head), ...rows.map(format)].join('\n')}\n`);
    },
    { access: 'read' },
  );
}
