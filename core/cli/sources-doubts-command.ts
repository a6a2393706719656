import { EXTRACTION_DOUBT_WORDS } from '../../schemas/sources.ts';
import { withCliApi } from './open-cli-api.ts';

/**
 * `lhb sources doubts ID [--json]`: what extraction found doubtful in the source's newest version,
 * one line each (its line, page, kind and note), to check against the original file; JSON prints
 * {sourceId, versionId, recorded, doubts}.
 */
export async function runSourcesDoubts(sourceId: string, options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      const { versionId, doubts, recorded } = await api.call('sources.doubts', { sourceId });
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ sourceId, versionId, recorded, doubts }, null, 2)}\n`);
        return;
      }
      if (doubts.length === 0) {
        process.stdout.write(
          recorded
            ? `Nothing in ${sourceId} looked doubtful to the extraction.\n`
            : `No extraction notes were kept for ${sourceId}: they are kept for PDFs, and a PDF read before they were kept gets them with lhb sources renormalise ${sourceId}.\n`,
        );
        return;
      }
      const rows = doubts.map((doubt) => [String(doubt.line), doubt.page === undefined ? '-' : String(doubt.page), EXTRACTION_DOUBT_WORDS[doubt.kind], doubt.note]);
      const head = ['LINE', 'PAGE', 'KIND', 'NOTE'];
      const widths = head.map((h, column) => Math.max(h.length, ...rows.map((row) => row[column]!.length)));
      const format = (row: string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : column < 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
      process.stdout.write(`${[format(head), ...rows.map(format)].join('\n')}\n`);
    },
    { access: 'read' },
  );
}
