import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchResult } from './bench-harness.ts';
import { freshSourceCopy } from './fresh-source-copy.ts';

const RUNS = 3;
const URL_LINE = /^LH-Bench Studio at http:\/\/\S+$/m;
const TARGET_MS = 5000;

/**
 * A newcomer's first `npm start` (here `node build/start.mjs`, what the script runs) on a fresh
 * clone after `npm ci`: dist/ absent, so it builds, then starts the app in browser mode (Electron
 * pointed at an empty folder) on a new workspace; timed until the URL line appears.
 */
async function firstStart(env: NodeJS.ProcessEnv): Promise<number> {
  const clone = freshSourceCopy('lhb-first-start-');
  const workspace = mkdtempSync(join(tmpdir(), 'lhb-first-start-ws-'));
  const noElectron = mkdtempSync(join(tmpdir(), 'lhb-first-start-no-electron-'));
  try {
    const started = performance.now();
    const child = spawn(process.execPath, ['build/start.mjs', '--port', '0', '--no-open', '--workspace', workspace], {
      cwd: clone,
      env: { ...process.env, ...env, ELECTRON_OVERRIDE_DIST_PATH: noElectron },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const elapsed = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (URL_LINE.test(out)) resolve(performance.now() - started);
      });
      child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before printing its URL.\nstdout: ${out}\nstderr: ${err}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return elapsed;
  } finally {
    for (const dir of [clone, workspace, noElectron]) rmSync(dir, { recursive: true, force: true });
  }
}

/** First start with the esbuild emit against the same start with tsc emitting, as the build did before; interleaved. */
export default async function benchFirstStart(): Promise<BenchResult[]> {
  const ours: number[] = [];
  const peer: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    ours.push(await firstStart({}));
    peer.push(await firstStart({ LHB_EMIT_WITH_TSC: '1' }));
  }
  const value = median(ours);
  return [
    {
      name: 'first-start: fresh clone → URL line of npm start (browser mode, build included)',
      unit: 'ms',
      value,
      peer: { name: 'the same start with tsc emitting the Node side, as before issue 26 (Vite alongside, as now)', value: median(peer) },
      target: { text: `≤ ${TARGET_MS / 1000} s`, met: value <= TARGET_MS },
      detail: `median of ${RUNS}: ours ${ours.map((t) => t.toFixed(0)).join(', ')} ms; tsc ${peer.map((t) => t.toFixed(0)).join(', ')} ms`,
    },
  ];
}
