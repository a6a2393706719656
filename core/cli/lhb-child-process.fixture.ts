import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const COMPILED_MAIN = fileURLToPath(new URL('../../dist/core/cli/main.js', import.meta.url));
// By its path, not the package name, so a child started in another folder (a README block's) finds it.
const TSX_LOADER = pathToFileURL(fileURLToPath(new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;

/** Whether dist/ holds the CLI `npm run build` made from the sources as they are now (build/build-freshness.mjs, as `npm start` decides). */
async function compiledCliIsCurrent(): Promise<boolean> {
  if (!existsSync(COMPILED_MAIN)) return false;
  const freshness = (await import(new URL('../../build/build-freshness.mjs', import.meta.url).href)) as { buildNeed(): string | undefined };
  return freshness.buildNeed() === undefined;
}

/**
 * The node arguments that start `lhb`, before its own: the compiled CLI that bin/lhb.mjs runs
 * when dist/ was built from the sources as they are now (CI builds before the unit tests), else
 * main.ts through tsx, from any working folder. Through tsx each child took 2–3 s longer on the loaded two-core machine
 * (`lhb info`: 3.8–5.2 s against 1.3–2.6 s compiled), and the CLI's tests start hundreds of them.
 * A source edited since the build makes dist/ stale, so a test never runs yesterday's code.
 */
export const LHB_NODE_ARGS: readonly string[] = (await compiledCliIsCurrent()) ? [COMPILED_MAIN] : ['--import', TSX_LOADER, SOURCE_MAIN];

export interface LhbChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `lhb ARGS` in a child process (LHB_NODE_ARGS), with `env` over this process's
 * environment. Asynchronous, so local servers in the test's own process (fake judge APIs) can
 * answer while the child runs.
 */
export function runLhbChild(args: string[], env: NodeJS.ProcessEnv = {}): Promise<LhbChildResult> {
  return startLhbChild(args, env).ended;
}

/** `runLhbChild`, with the child itself, for a test that kills it midway. */
export function startLhbChild(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; ended: Promise<LhbChildResult> } {
  const child = spawn(process.execPath, [...LHB_NODE_ARGS, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<LhbChildResult>((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  return { child, ended };
}
