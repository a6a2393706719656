import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { AnalysisReportSchema, type AnalysisReport } from '../schemas/analysis.ts';
import { formatScoreDifference } from '../schemas/format-number.ts';
import { AnalysisPage } from './analysis-page.ts';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { ServedApi } from './served-api.ts';

// A desktop window, as a researcher reads the report.
test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/** `lhb analyze --json` on the same workspace, while the server holds it open (SQLite WAL allows it). */
async function analyzeWithCli(workspace: string, args: string[] = []): Promise<AnalysisReport> {
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/lhb.mjs', 'analyze', '--json', ...args, '--workspace', workspace], {
    cwd: repoRoot,
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return AnalysisReportSchema.parse(JSON.parse(stdout));
}

const NUMBER = /^-?\d+\.\d+$/;
const PERCENT = /^\d+\.\d%$/;

test('the demo study reads as a results section, every part with numbers, equal to lhb analyze --json', async ({ page }) => {
  test.setTimeout(240_000);
  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);

  // Study: the summary line, the synthetic notice (nothing real exists yet), the recompute form.
  const study = analysis.region('Study');
  await expect(study).toContainText(/\d+ tasks? · \d+ configurations? · \d+ judges? · \d+ annotators? · [\d,]+ votes? · [\d,]+ judgments? · 1,000 resamples · seed lhb-analysis/);
  await expect(study.getByRole('note', { name: 'Synthetic data' })).toContainText('Includes synthetic demo data');
  await expect(study.getByRole('note', { name: 'Synthetic data' })).toContainText('no runs, votes or judgments of its own yet');
  await expect(study.getByRole('checkbox', { name: 'Include synthetic data' })).toBeChecked();
  await expect(study.getByRole('button', { name: 'Recompute' })).toBeEnabled();

  // Leaderboards: all three tiers (the demo's judgments predate stored sets: one 5-point table each), each a table with numbers and a CI chart.
  const boards = analysis.region('Leaderboards');
  const demoSet = (tier: string) => `${tier} tier · judged before rubric sets were stored`;
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const tier of ['Process', 'Output', 'Content']) {
    const rows = await analysis.rows(analysis.table(boards, new RegExp(`^${escaped(`${demoSet(tier)} · 5-point scale (1–5)`)}`)));
    expect(rows.length, `${tier} leaderboard rows`).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => NUMBER.test(row[2]!)).length, `${tier} means`).toBeGreaterThanOrEqual(2);
    // Each row's rank by the intervals: a whole number, or none without an interval.
    for (const row of rows) expect(row[1], `${tier} rank`).toMatch(/^(\d+|—)$/);
    await expect(boards.getByRole('img', { name: `${demoSet(tier)}, 5-point scale (1–5): score with 95% CI` })).toBeVisible();
  }
  await expect(boards.getByRole('img', { name: /score with 95% CI/ }).first().locator('circle').first()).toBeAttached();

  // Inter-judge agreement: the overall κ with its band, and the matrix heatmap.
  const agreement = analysis.region('Inter-judge agreement');
  await expect(agreement).toContainText(/Mean pairwise quadratic κ -?\d\.\d{3}/);
  const matrix = agreement.getByRole('img', { name: /^Agreement matrix/ });
  await expect(matrix).toBeVisible();
  await expect(matrix.locator('text', { hasText: /^-?\d\.\d{3}$/ }).first()).toBeAttached();
  // Its title and caption wrap inside the drawing: no line runs past its right edge (the column heads slant on their own).
  const overflowing = await matrix.evaluate((svg) => {
    const width = (svg as SVGSVGElement).viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].filter((text) => !text.hasAttribute('transform')).filter((text) => text.getBBox().x + text.getBBox().width > width).map((text) => text.textContent);
  });
  expect(overflowing).toEqual([]);

  // Human preference: Elo with ≥ 3 numeric ratings, its chart, the heatmap, position bias with p.
  const preference = analysis.region('Human preference');
  const eloRows = await analysis.rows(analysis.table(preference, /^Bradley–Terry Elo from/));
  expect(eloRows.length).toBeGreaterThanOrEqual(3);
  for (const row of eloRows) expect(row[2]).toMatch(/^\d+\.\d$/);
  await expect(preference.getByRole('img', { name: 'Bradley–Terry Elo with 95% CI' })).toBeVisible();
  await expect(preference.getByRole('img', { name: /^Win fractions: row against column/ })).toBeVisible();
  const bias = preference.getByRole('region', { name: 'Position bias' });
  await expect(bias).toContainText(/two-sided binomial p (= \d\.\d{4}|< 0\.0001)/);
  await expect(bias).toContainText(/position bias/i);
  await expect(preference.getByRole('region', { name: 'Transitivity' })).toContainText(/decided triad|No triad/);
  await expect(preference.getByRole('region', { name: 'Winner quality' })).toContainText(/Kruskal–Wallis H/);
  const winRates = await analysis.rows(analysis.table(preference, /^Human win rates by configuration/));
  expect(winRates.some((row) => PERCENT.test(row[1]!))).toBe(true);

  // Human–judge alignment: a row per judge, and human vs judge win rates side by side.
  const alignment = analysis.region('Human–judge alignment');
  const judges = await analysis.rows(analysis.table(alignment, /^Human–judge alignment, Output tier/));
  expect(judges.length).toBeGreaterThanOrEqual(2);
  expect(judges.some((row) => PERCENT.test(row[2]!))).toBe(true);
  await expect(alignment.getByRole('table', { name: /^Win rates by configuration, humans vs judges, Output tier/ })).toBeVisible();
  await expect(alignment.getByRole('table', { name: /^Agreement per pair of configurations, Output tier/ })).toBeVisible();

  // Skill ablation: the demo's claude-code runs with skill v1 and v2 on the same tasks, paired per task.
  const ablation = analysis.region('Skill ablation');
  const group = ablation.getByRole('region', { name: 'claude-code · claude-sonnet-4-5 · synthetic' });
  await expect(group).toContainText(/Output tier \(5-point\): v2 − v1 [+-]?\d\.\d{2} over 12 pairs \(95% paired CI \[[+-]?\d\.\d{2}, [+-]?\d\.\d{2}\]\); better in \d+, worse in \d+, tied in \d+; sign test p (= \d\.\d{4}|< 0\.0001)\./);
  const arms = await analysis.rows(analysis.table(group, /^Skill ablation, claude-code · claude-sonnet-4-5 · synthetic: each skill version's runs/));
  expect(arms.map((row) => row.slice(0, 3))).toEqual([['v1', '12', '100.0%'], ['v2', '12', '100.0%']]);
  const paired = await analysis.rows(analysis.table(group, /^Skill ablation, .*: paired difference in judge score/));
  const setScore = (tier: string) => ['v2 − v1', `${demoSet(tier)} · 5-point scale (1–5)`, 'Set score (weighted)', '12'];
  expect(paired.map((row) => row.slice(0, 4))).toEqual(expect.arrayContaining([setScore('Process'), setScore('Output'), setScore('Content')]));
  await expect(analysis.table(group, /^Skill ablation, .*: judge score per skill version and rubric set/)).toBeVisible();

  // Not "—" everywhere: most figures on screen are numbers.
  const dashes = await page.locator('main td').filter({ hasText: /^—/ }).count();
  const cells = await page.locator('main td').count();
  expect(dashes).toBeLessThan(cells / 2);

  // The CLI, with the same default seed and resamples, gives the numbers on screen.
  const cli = await analyzeWithCli(app!.workspace);
  expect(cli.study.seed).toBe('lhb-analysis');
  expect(cli.study.resamples).toBe(1000);
  const shownElo = new Map(eloRows.map((row) => [row[0], row[2]]));
  expect(cli.preference.elo.length).toBe(eloRows.length);
  for (const row of cli.preference.elo) expect(shownElo.get(row.label), row.label).toBe(row.rating.toFixed(1));
  expect(cli.agreement.overall.meanKappa).not.toBeNull();
  await expect(agreement).toContainText(`Mean pairwise quadratic κ ${cli.agreement.overall.meanKappa!.toFixed(3)}`);
  const output = cli.leaderboards.find((b) => b.tier === 'output');
  if (output) {
    const shown = new Map((await analysis.rows(analysis.table(boards, new RegExp(`^${escaped(`${demoSet('Output')} · 5-point scale (1–5)`)}`)))).map((row) => [row[0], row[2]]));
    for (const row of output.rows) if (row.mean !== null) expect(shown.get(row.label), row.label).toBe(row.mean.toFixed(2));
  }
  // The same paired differences, per harness, in lhb analyze --json.
  const cliGroup = cli.ablation.groups.find((g) => g.label === 'claude-code · claude-sonnet-4-5 · synthetic')!;
  expect(cliGroup.comparisons.map((c) => [c.skill, c.reference, c.pairs, c.unpairedRuns])).toEqual([['v2', 'v1', 12, 0]]);
  const shownPaired = new Map(paired.map((row) => [`${row[1]} ${row[2]}`, row[4]]));
  for (const score of cliGroup.comparisons[0]!.scores.filter((s) => s.rubric === null)) {
    expect(shownPaired.get(`${demoSet(`${score.tier[0]!.toUpperCase()}${score.tier.slice(1)}`)} · 5-point scale (1–5) Set score (weighted)`), score.tier).toBe(formatScoreDifference(score.meanDifference).text);
  }

  expect(problems).toEqual([]);
});

test('tables and charts export as CSV, Markdown, SVG and PNG; unticking synthetic data recomputes', async ({ page }) => {
  test.setTimeout(240_000);
  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);
  const preference = analysis.region('Human preference');
  const elo = preference.getByRole('region', { name: 'Bradley–Terry Elo' });

  const csv = await analysis.download(elo.getByRole('group', { name: /^Export: Bradley–Terry Elo/ }), 'Download CSV');
  expect(csv.name).toBe('lhb-elo.csv');
  const lines = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Configuration,Rank,Elo,ci_lo,ci_hi');
  expect(lines.length).toBeGreaterThanOrEqual(4);

  const markdown = await analysis.download(elo.getByRole('group', { name: /^Export: Bradley–Terry Elo/ }), 'Download Markdown');
  expect(markdown.name).toBe('lhb-elo.md');
  expect(markdown.bytes.toString('utf8')).toContain('| Configuration | Rank | Elo | 95% CI |');

  const chartExports = elo.getByRole('group', { name: /^Export chart: Bradley–Terry Elo/ });
  const svg = await analysis.download(chartExports, 'Download SVG');
  expect(svg.name).toBe('lhb-elo.svg');
  const svgText = svg.bytes.toString('utf8');
  expect(svgText).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  expect(svgText).toContain('<circle');
  const png = await analysis.download(chartExports, 'Download PNG');
  expect(png.name).toBe('lhb-elo.png');
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  // Leaving the demo's synthetic records out: the toggle recomputes, the notice goes, and the report (or the empty state) says so.
  const study = analysis.region('Study');
  await study.getByRole('checkbox', { name: 'Include synthetic data' }).uncheck();
  await expect(study.getByText(/^The demo’s records are left out of this report\./)).toBeVisible({ timeout: 120_000 });
  await analysis.waitForReport();
  await expect(study.getByRole('note', { name: 'Synthetic data' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Nothing to analyse yet' })).toBeVisible();

  expect(problems).toEqual([]);
});

test("after one real vote on the user's own runs the default report counts only it; the toggle brings the demo's records back, kept apart", async ({ page }) => {
  test.setTimeout(240_000);
  // Two builds of the user's own for the demo's Figma task (copies of two demo bundles under another model), imported as a user would.
  const own = mkdtempSync(join(tmpdir(), 'lhb-own-bundles-'));
  for (const bundle of ['bundle-01', 'bundle-02']) {
    cpSync(join(repoRoot, 'datasets', 'demo', 'arena', 'bundles', bundle), join(own, bundle), { recursive: true });
    const file = join(own, bundle, 'run.json');
    const run = JSON.parse(readFileSync(file, 'utf8')) as { model: string };
    writeFileSync(file, JSON.stringify({ ...run, model: `${run.model}-own` }));
  }
  await promisify(execFile)(process.execPath, ['bin/lhb.mjs', 'runs', 'import', own, '--workspace', app!.workspace], { cwd: repoRoot, timeout: 120_000 });
  rmSync(own, { recursive: true, force: true });
  // Votes through the served arena API, as the Arena screen casts them, on every pair it shows: one pair is the user's two
  // builds; the rest compare the demo's bundles (with each other, or with the user's), so those votes are the demo's.
  const api = ServedApi.fromAppUrl(app!.url);
  const annotator = await api.call('arena.createAnnotator', { name: 'Real reviewer' });
  let cast = 0;
  for (let { item } = await api.call('arena.nextPair', { annotatorId: annotator.id }); item; { item } = await api.call('arena.nextPair', { annotatorId: annotator.id })) {
    await api.call('arena.vote', { token: item.token, choice: 'left', ratingLeft: 4, ratingRight: 2, reason: 'cleaner', timeOnItemMs: 4000 });
    cast += 1;
  }
  expect(cast).toBeGreaterThan(1);

  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);
  const study = analysis.region('Study');
  await expect(study).toContainText(/(?<![\d,])1 task · 2 configurations · 0 judges · 1 annotator · 1 vote · 0 judgments · 1,000 resamples/);
  await expect(study.getByRole('note', { name: 'Synthetic data' })).toHaveCount(0);
  await expect(study.getByText(/^The demo’s records are left out: this workspace has runs, votes or judgments of its own/)).toBeVisible();
  await expect(study.getByRole('checkbox', { name: 'Include synthetic data' })).not.toBeChecked();
  const preference = analysis.region('Human preference');
  const realElo = await analysis.rows(analysis.table(preference, /^Bradley–Terry Elo from/));
  expect(realElo).toHaveLength(2);
  expect(realElo.every((row) => !row[0]!.includes('synthetic') && !row[0]!.endsWith(' · demo'))).toBe(true);
  const realLabels = realElo.map((row) => row[0]);

  // The same default from the CLI.
  const cli = await analyzeWithCli(app!.workspace);
  expect(cli.study).toMatchObject({ votes: 1, includesSynthetic: false, synthetic: { included: false, reason: 'real-data-present' } });

  // Ticking the toggle recomputes with the synthetic study: its banner, its 300 votes, its configurations beside the real two.
  await study.getByRole('checkbox', { name: 'Include synthetic data' }).check();
  await expect(study.getByRole('note', { name: 'Synthetic data' })).toContainText('Included as asked', { timeout: 120_000 });
  await analysis.waitForReport();
  await expect(study).toContainText(new RegExp(` · ${300 + cast} votes · `));
  await expect(study.getByRole('checkbox', { name: 'Include synthetic data' })).toBeChecked();
  const bothElo = await analysis.rows(analysis.table(preference, /^Bradley–Terry Elo from/));
  expect(bothElo.filter((row) => row[0]!.endsWith(' · synthetic'))).toHaveLength(4);
  expect(bothElo.filter((row) => row[0]!.endsWith(' · demo')).length).toBeGreaterThan(0);
  expect(bothElo.filter((row) => !row[0]!.endsWith(' · synthetic') && !row[0]!.endsWith(' · demo')).map((row) => row[0]).sort()).toEqual([...realLabels].sort());

  // And unticking it leaves them out again.
  await study.getByRole('checkbox', { name: 'Include synthetic data' }).uncheck();
  await expect(study.getByText(/^The demo’s records are left out of this report\./)).toBeVisible({ timeout: 120_000 });
  await analysis.waitForReport();
  await expect(study).toContainText(/ · 1 vote · /);

  expect(problems).toEqual([]);
});

test('runs imported with ATIF trajectories report their error recovery overall, per type and per configuration, as lhb analyze does', async ({ page }) => {
  test.setTimeout(240_000);
  // A bundle that brings its trajectory.json, and a Harbor job folder with one trial (result.json + agent/trajectory.json).
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/lhb.mjs', 'runs', 'import', 'e2e/fixtures/atif-runs', '--json', '--workspace', app!.workspace], { cwd: repoRoot, timeout: 120_000 });
  const outcomes = stdout.trim().split('\n').map((line) => JSON.parse(line) as { kind: string; status: string });
  expect(outcomes.map((o) => [o.kind, o.status])).toEqual([['task', 'imported'], ['run', 'imported'], ['run', 'imported']]);

  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);
  const recovery = analysis.region('Error recovery');
  await expect(recovery).toContainText(/66\.7% of errors recovered: 2 of 3, 95% CI \[\d+\.\d%, \d+\.\d%\], over 2 runs with a trajectory \(2 imported\)\./);
  const types = await analysis.rows(analysis.table(recovery, /^Error recovery by error type/));
  expect(types.map((row) => row.slice(0, 4))).toEqual([
    ['Syntax / type', '1', '1', '100.0%'],
    ['Test', '1', '0', '0.0%'],
    ['Not found', '1', '1', '100.0%'],
  ]);
  const configurations = await analysis.rows(analysis.table(recovery, /^Error recovery by configuration/));
  expect(configurations.map((row) => row.slice(0, 5))).toEqual([
    ['claude-code · claude-sonnet-4-5 · skill v2', '1', '2', '1', '50.0%'],
    ['codex · openai/gpt-5', '1', '1', '1', '100.0%'],
  ]);
  await expect(recovery.getByRole('img', { name: 'Recovery rate by error type, with 95% CI' })).toBeVisible();
  await expect(recovery.getByRole('img', { name: 'Recovery rate by configuration, with 95% CI' }).locator('rect')).toHaveCount(3);

  const csv = await analysis.download(recovery.getByRole('group', { name: /^Export: Error recovery by configuration/ }), 'Download CSV');
  expect(csv.name).toBe('lhb-recovery-by-configuration.csv');
  const lines = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Configuration,Runs,Errors,Recovered,Recovery rate,ci_lo,ci_hi');
  expect(lines[1]).toMatch(/^claude-code · claude-sonnet-4-5 · skill v2,1,2,1,0\.5,/);

  // The CLI gives the same numbers for the same seed.
  const cli = await analyzeWithCli(app!.workspace);
  expect(cli.recovery).toMatchObject({ runs: 2, importedRuns: 2, overall: { errors: 3, recovered: 2 } });
  const pct = (value: number | null) => `${(value! * 100).toFixed(1)}%`;
  await expect(recovery).toContainText(`95% CI [${pct(cli.recovery.overall.lo)}, ${pct(cli.recovery.overall.hi)}]`);

  expect(problems).toEqual([]);
});
