import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../../build/bench-harness.ts';
import { openApi } from '../api/open-api.ts';
import { readDemoStudy } from '../demo/demo-study.ts';
import { demoStudyCopy } from '../demo/scaled-demo-study.ts';
import { DEMO_STUDY_FILE, seedDemoStudy } from '../demo/seed-demo-study.ts';

const SCALES = [1, 10, 100];
const RESAMPLES = 1000;
const DEMO_STUDY = fileURLToPath(new URL(`../../datasets/demo/${DEMO_STUDY_FILE}`, import.meta.url));
const BUILT_OPEN_API = new URL('../../dist/core/api/open-api.js', import.meta.url).href;
const TARGETS_MS: Record<number, number> = { 1: 500, 100: 10_000 };

/**
 * Runs in a fresh process on the built app, as `lhb analyze` and the server do: opens the
 * workspace, computes analysis.report once (cold, what a user waits for; the report is then
 * stored) or, with "cached", asks for the stored report as the Analysis screen does on its next
 * visit, and prints its time and the process's peak memory.
 */
const PROBE = `
const { openApi } = await import(${JSON.stringify(BUILT_OPEN_API)});
const api = await openApi(process.argv[1]);
const started = performance.now();
const report = process.argv[2] === 'cached'
  ? (await api.call('analysis.cached', { resamples: ${RESAMPLES} })).report
  : await api.call('analysis.report', { resamples: ${RESAMPLES} });
const reportMs = performance.now() - started;
await api.close();
process.stdout.write(JSON.stringify({ reportMs, peakRssMb: process.resourceUsage().maxRSS / 1024, votes: report.study.votes, judgments: report.study.judgments, configurations: report.study.configurations.length }));
`;

/** A new workspace holding the demo (its study once, as a first start seeds it) and `scale − 1` more copies of the study. */
async function scaledWorkspace(scale: number): Promise<{ dir: string; runs: number }> {
  const dir = mkdtempSync(join(tmpdir(), `lhb-analysis-${scale}x-`));
  const api = await openApi(join(dir, 'workspace'));
  try {
    const study = readDemoStudy(DEMO_STUDY);
    if (scale > 1) {
      const copies = Array.from({ length: scale - 1 }, (_, i) => demoStudyCopy(study, i + 1));
      const extra = { ...study, tasks: copies.flatMap((c) => c.tasks), runs: copies.flatMap((c) => c.runs), votes: copies.flatMap((c) => c.votes), judgments: copies.flatMap((c) => c.judgments) };
      const dataset = join(dir, 'copies');
      mkdirSync(join(dataset, 'study'), { recursive: true });
      writeFileSync(join(dataset, DEMO_STUDY_FILE), JSON.stringify(extra));
      seedDemoStudy(api.context.workspace.db, dataset);
    }
    return { dir, runs: study.runs.length * scale };
  } finally {
    await api.close();
  }
}

interface Probe {
  reportMs: number;
  peakRssMb: number;
  votes: number;
  judgments: number;
  configurations: number;
}

function probe(workspace: string, mode: 'report' | 'cached' = 'report'): Probe {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, workspace, mode], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`The analysis probe failed on ${workspace}: ${child.stderr}`);
  return JSON.parse(child.stdout) as Probe;
}

/**
 * analysis.report with 1,000 resamples on the demo study repeated 1×, 10× and 100× (runs,
 * judgments, votes), each in a fresh process: time and peak memory. The peer of each scale is
 * the 1× time grown linearly, measured in the same run, so a ratio at or below 1 is growth no
 * worse than linear.
 */
export default async function benchAnalysisScale(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  let base: Probe | undefined;
  for (const scale of SCALES) {
    const { dir, runs } = await scaledWorkspace(scale);
    try {
      const measured = probe(join(dir, 'workspace'));
      base ??= measured;
      const target = TARGETS_MS[scale];
      results.push({
        name: `analysis-scale ${scale}×: analysis.report, ${RESAMPLES} resamples (${runs} study runs, ${measured.judgments} judgments, ${measured.votes} votes)`,
        unit: 'ms',
        value: measured.reportMs,
        ...(scale > 1 ? { peer: { name: `the 1× report grown ${scale}× (linear)`, value: base.reportMs * scale } } : {}),
        ...(target !== undefined ? { target: { text: `≤ ${target / 1000} s`, met: measured.reportMs <= target } } : {}),
        detail: `peak RSS ${measured.peakRssMb.toFixed(0)} MB (1×: ${base.peakRssMb.toFixed(0)} MB)`,
      });
      const again = probe(join(dir, 'workspace'), 'cached');
      results.push({
        name: `analysis-scale ${scale}×: the Analysis screen opened again (analysis.cached, the stored report; nothing changed)`,
        unit: 'ms',
        value: again.reportMs,
        peer: { name: 'computing the report, as above', value: measured.reportMs },
        detail: `peak RSS ${again.peakRssMb.toFixed(0)} MB`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}
