import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi } from '../api/open-api.ts';
import { seedTwoStudyAblation } from '../analysis/two-study-ablation.fixture.ts';
import { seedWorkspace } from '../cli/seeded-workspace.fixture.ts';
import { expectJobSucceeded } from '../export/test-workspaces.fixture.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-report-pdf-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb report --pdf', () => {
  it('prints the index to report.pdf through Chromium: a PDF whose pages render, with the report’s title and tables in its text', async () => {
    const workspace = join(dir, 'workspace');
    await seedWorkspace(workspace, seedTwoStudyAblation);
    const api = await openApi(workspace);
    try {
      const { jobId } = await api.call('report.write', { outDir: join(dir, 'report'), pdf: true, analysis: { resamples: 200 } });
      await expectJobSucceeded(api, jobId);
      const { result } = await api.call('report.result', { jobId });
      expect(result?.pdf).toBe(join(dir, 'report', 'report.pdf'));
      const report = await api.call('analysis.report', { resamples: 200 });

      const pdf = await getDocument({ data: new Uint8Array(readFileSync(result!.pdf!)), isEvalSupported: false, useSystemFonts: false }).promise;
      try {
        expect(pdf.numPages).toBeGreaterThanOrEqual(1);
        let text = '';
        for (let n = 1; n <= pdf.numPages; n++) {
          const page = await pdf.getPage(n);
          const content = await page.getTextContent();
          const words = content.items.map((item) => (item as TextItem).str ?? '').join(' ');
          // Every page renders with text on it: none came out blank.
          expect(words.trim().length, `page ${n} of ${pdf.numPages}`).toBeGreaterThan(0);
          text += `${words}\n`;
        }
        expect(text).toContain('LH-Bench analysis report');
        for (const section of report.sections) expect(text).toContain(section.title);
      } finally {
        await pdf.destroy();
      }
    } finally {
      await api.close();
    }
  }, 300_000);
});
