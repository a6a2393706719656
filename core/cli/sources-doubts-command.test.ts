import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../api/create-api.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// Three lhb processes, each opening a workspace: allow for a busy machine.
const SPAWNING_TEST_TIMEOUT_MS = 480_000;

let dir: string;
let workspace: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-sources-doubts-'));
  workspace = join(dir, 'workspace');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--workspace', workspace], { encoding: 'utf8' });

/** A report whose second page is a scan (no text at all) and whose third sets its figures out in columns. */
async function scannedReport(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const prose = (page: ReturnType<PDFDocument['addPage']>, lines: string[], y: number) => lines.forEach((text, i) => page.drawText(text, { x: 72, y: y - i * 14, size: 10, font }));
  prose(pdf.addPage([612, 792]), ['The survey visited every site in the spring.', 'Each site was scored by two reviewers on the same day.'], 700);
  pdf.addPage([612, 792]);
  const third = pdf.addPage([612, 792]);
  prose(third, ['The scores by site follow.'], 700);
  ['Site', 'North', 'South', 'East'].forEach((site, row) => ['Score', 'Reviewer', 'Date'].forEach((_, column) => third.drawText(row === 0 ? ['Site', 'Score', 'Date'][column]! : [site, String(60 + row), `May ${row}`][column]!, { x: 72 + column * 150, y: 650 - row * 14, size: 10, font })));
  const path = join(dir, 'site-survey.pdf');
  writeFileSync(path, await pdf.save());
  return path;
}

describe('lhb sources doubts', () => {
  it('lists a scanned page and a possible table by line, through the RPC and the CLI', async () => {
    const path = await scannedReport();
    const added = lhb('sources', 'add', path, '--json');
    expect(added.status, added.stderr).toBe(0);
    const { id } = JSON.parse(added.stdout.trim()) as { id: string };

    const printed = lhb('sources', 'doubts', id, '--json');
    expect(printed.status, printed.stderr).toBe(0);
    const report = JSON.parse(printed.stdout) as { sourceId: string; doubts: { kind: string; line: number; page?: number }[] };
    expect(report.sourceId).toBe(id);
    expect(report.doubts).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'no-text', page: 2 }), expect.objectContaining({ kind: 'possible-table', page: 3 })]));

    const text = lhb('sources', 'doubts', id);
    expect(text.stdout).toMatch(/page without text/);
    expect(text.stdout).toMatch(/possible table/);

    const api = createApi(openWorkspace(workspace));
    try {
      const viaRpc = await api.call('sources.doubts', { sourceId: id });
      expect(viaRpc.doubts).toEqual(report.doubts);
      expect(viaRpc.recorded).toBe(true);
      // The scanned page's doubt points at the line where the text goes on (page 3's first), the table's at its first cell.
      const { lines } = await api.call('sources.lines', { versionId: viaRpc.versionId, start: 1, end: 100 });
      expect(lines[report.doubts.find((doubt) => doubt.kind === 'no-text')!.line - 1]).toContain('The scores by site follow.');
      expect(lines[report.doubts.find((doubt) => doubt.kind === 'possible-table')!.line - 1]).toContain('Site');
      await expect(api.call('sources.doubts', { sourceId: 'no-such-source' })).rejects.toThrow(/No source with id no-such-source/);
    } finally {
      await api.close();
    }
  }, SPAWNING_TEST_TIMEOUT_MS);
});
