import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { renderAnalysisMarkdown } from '../analysis/report-markdown.ts';
import { seedTwoStudyAblation, STUDY_RUNS, TWO_STUDIES } from '../analysis/two-study-ablation.fixture.ts';
import { seedWorkspace } from '../cli/seeded-workspace.fixture.ts';
import { expectJobSucceeded } from '../export/test-workspaces.fixture.ts';
import { REPORT_CSP } from './report-page.ts';
import { htmlTables, markdownTables } from './report-tables.fixture.ts';
import { HOSTILE_TEXT, SEEDED_STEPS, seedReportWorkspace } from './report-workspace.fixture.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-report-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ASK = { resamples: 200, seed: 'report-test' } as const;

async function writeReport(api: Api, outDir: string, analysis: Record<string, unknown> = ASK) {
  const { jobId } = await api.call('report.write', { outDir, analysis });
  await expectJobSucceeded(api, jobId);
  const { result } = await api.call('report.result', { jobId });
  return result!;
}

/** The report's tables (the list of runs aside) beside `lhb analyze --md`'s for the same request: the same captions, headers and digits, in the same order. */
async function expectSameTablesAsMarkdown(api: Api, index: string, analysis: Record<string, unknown>) {
  const markdown = renderAnalysisMarkdown(await api.call('analysis.report', analysis));
  const fromMarkdown = markdownTables(markdown);
  expect(fromMarkdown.length).toBeGreaterThan(5);
  expect(htmlTables(readFileSync(index, 'utf8'), ['runs'])).toEqual(fromMarkdown);
}

describe('lhb report: the analysis as static pages', () => {
  it("on the demo with a researcher's own study: every table's digits are analyze --md's, every run has a page, and a run's page shows its trajectory with transcript text escaped", async () => {
    const workspace = join(dir, 'with-user-study');
    const scratch = join(dir, 'user-files');
    mkdirSync(scratch);
    const { runId } = await seedReportWorkspace(workspace, scratch);
    const api = await openApi(workspace);
    try {
      const out = join(dir, 'user-report');
      const result = await writeReport(api, out);
      expect(result).toMatchObject({ outDir: out, index: join(out, 'index.html'), pdf: null, includesSynthetic: false });
      // Nothing but the finished folder: no hidden staging folder beside it.
      expect(readdirSync(dir).filter((name) => name.startsWith('.user-report'))).toEqual([]);
      await expectSameTablesAsMarkdown(api, result.index, ASK);

      const index = readFileSync(result.index, 'utf8');
      expect(index).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP.replaceAll("'", '&#39;')}">`);
      // The contents list every section in the screen's order, then the runs.
      const report = await api.call('analysis.report', ASK);
      const contents = /<nav class="toc"[^]*?<\/nav>/.exec(index)![0];
      expect([...contents.matchAll(/<a href="#[^"]+">([^<]+)<\/a>/g)].map((match) => match[1])).toEqual([...report.sections.map((section) => section.title.replaceAll("'", '&#39;')), 'Runs']);
      // Every run in scope (the researcher's own: the demo's are left out of the figures here) has a row linking to its page.
      const { runs } = await api.call('runs.list', {});
      const own = runs.filter((run) => run.id.startsWith('user-')).map((run) => run.id);
      const listed = htmlTables(index).find((table) => table.caption.startsWith('Runs'))!;
      expect(listed.rows.slice(1).map((row) => row[0]).sort()).toEqual([...own].sort());
      expect(result.runs).toBe(own.length);
      for (const id of own) expect(index).toContain(`<a href="runs/${id}.html">`);

      const page = readFileSync(join(out, 'runs', `${runId}.html`), 'utf8');
      const steps = /<ol class="steps"[^]*?<\/ol>/.exec(page)![0];
      expect([...steps.matchAll(/<li id="step-(\d+)">/g)].map((match) => Number(match[1]))).toEqual([1, 2, 3]);
      expect(steps).toContain(SEEDED_STEPS[0]);
      expect(page).toContain('Tool call <code>Bash</code> — failed: exit code 2 (exit 2)');
      expect(page).toMatch(/yes, at <a href="#step-3">step 3<\/a>/);
      // The hostile text is shown as words in the step, the tool result, the error, the prompt and the judge's evidence; none of it is markup.
      const escaped = HOSTILE_TEXT.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
      expect(page.split(escaped).length - 1).toBeGreaterThanOrEqual(5);
      expect(page).not.toMatch(/<script|<img src="https|onerror="|<style>@import/i);
      expect(page).toContain('Evidence: &lt;/pre&gt;');

      // With the demo's synthetic study counted too: its tables are analyze --md's as well, and its runs get pages.
      const withDemo = { ...ASK, includeSynthetic: true };
      const demo = await writeReport(api, join(dir, 'with-demo'), withDemo);
      expect(demo.includesSynthetic).toBe(true);
      expect(demo.runs).toBeGreaterThan(own.length);
      await expectSameTablesAsMarkdown(api, demo.index, withDemo);
      expect(readFileSync(demo.index, 'utf8')).toContain('<strong>Includes synthetic data</strong>');
    } finally {
      await api.close();
    }
  }, 300_000);

  it('scoped to one study: only its runs, and the same tables as analyze --md --study', async () => {
    const workspace = join(dir, 'two-studies');
    await seedWorkspace(workspace, seedTwoStudyAblation);
    const api = await openApi(workspace);
    try {
      const analysis = { ...ASK, studies: [TWO_STUDIES.one.id] };
      const result = await writeReport(api, join(dir, 'study-one'), analysis);
      await expectSameTablesAsMarkdown(api, result.index, analysis);
      const index = readFileSync(result.index, 'utf8');
      expect(index).toContain(`<strong>Study: ${TWO_STUDIES.one.name}.</strong>`);
      expect(readdirSync(join(dir, 'study-one', 'runs')).sort()).toEqual(STUDY_RUNS.one.map((id) => `${id}.html`).sort());
      expect(result.sections).toContain('Skill ablation');
    } finally {
      await api.close();
    }
  }, 300_000);

  it('refuses a folder that holds files, and a PDF without Chromium, before writing anything', async () => {
    const workspace = join(dir, 'refusals');
    await seedWorkspace(workspace, seedTwoStudyAblation);
    const api = await openApi(workspace);
    const before = process.env.LHB_CHROMIUM;
    try {
      const taken = join(dir, 'taken');
      mkdirSync(taken);
      writeFileSync(join(taken, 'notes.txt'), 'mine');
      await expect(api.call('report.write', { outDir: taken })).rejects.toMatchObject({ code: 'conflict', field: 'outDir' });
      expect(readdirSync(taken)).toEqual(['notes.txt']);

      process.env.LHB_CHROMIUM = join(dir, 'no-chromium-here');
      const error = await api.call('report.write', { outDir: join(dir, 'with-pdf'), pdf: true }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LhbError);
      expect(error).toMatchObject({ code: 'not_found', field: 'pdf' });
      expect((error as Error).message).toMatch(/LHB_CHROMIUM points to .*no-chromium-here.* so the report cannot be printed to PDF\..*apt-get install chromium/);
      expect(existsSync(join(dir, 'with-pdf'))).toBe(false);
    } finally {
      if (before === undefined) delete process.env.LHB_CHROMIUM;
      else process.env.LHB_CHROMIUM = before;
      await api.close();
    }
  }, 120_000);
});
