import { withCliApi } from './open-cli-api.ts';

/** `lhb rooms list [--json]`: every data room with its id, counts and last change. */
export async function runRoomsList(options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      const { dataRooms } = await api.call('dataRooms.list', {});
      if (options.json) {
        process.stdout.write(`${JSON.stringify(dataRooms, null, 2)}\n`);
        return;
      }
      if (dataRooms.length === 0) {
        process.stdout.write('No data rooms yet. Create one in the annotator (lhb serve, or npm start).\n');
        return;
      }
      const rows = dataRooms.map((c) => [c.id, String(c.sourceCount), String(c.chapterCount), c.updatedAt.slice(0, 16).replace('T', ' '), c.title]);
      const head = ['ID', 'SOURCES', 'CHAPTERS', 'UPDATED', 'TITLE'];
      const widths = head.map((h, column) => Math.max(h.length, ...rows.map((row) => row[column]!.length)));
      const format = (row: string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
      process.stdout.write(`${[format(head), ...rows.map(format)].join('\n')}\n`);
    },
    { access: 'read' },
  );
}
