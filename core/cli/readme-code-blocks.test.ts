import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readmeCommands, shellWords, type ReadmeCommand } from './readme-code-blocks.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';
import { seedWorkspace } from './seeded-workspace.fixture.ts';

// Issue 44: every `lhb …` line README.md's code blocks show must still parse, and those that can
// run here must still exit 0. The walk-through section's blocks are run word for word by
// readme-walkthrough.test.ts; here they are only parsed (at once, so a renamed flag fails in
// seconds, not after a fifteen-minute study).
const root = fileURLToPath(new URL('../../', import.meta.url));

// The CLI's hardening (its own test checks it) is not for the test process.
vi.mock('../non-dumpable-process.ts', () => ({ makeProcessNonDumpable: () => ({ nonDumpable: true }) }));

/**
 * README commands outside the walk-through that are parsed but cannot run here, each with why.
 * Each must still be in the README (else this list would rot).
 */
const NOT_RUN: Record<string, string> = {
  'lhb harnesses install claude-code': 'installs the CLI from npm (network); readme-walkthrough.test.ts runs it against the tools the tests installed',
  'lhb runs start --task ./my-task --harness claude-code --skill ./my-skill --repeats 20 --concurrency 64 --api-key-env ANTHROPIC_API_KEY --timeout 3600 --name skill-v1 --executor slurm --shared-dir /shared/lhb-runs --slurm-partition cpu --slurm-account mylab --slurm-opt "--qos=long"':
    'submits to a Slurm cluster with a real provider key',
};

class ParsedOnly extends Error {}

/**
 * Parses `args` with a fresh copy of the real `lhb` program (main.ts, its `parseAsync` caught on
 * import), without running any action: resolves with commander's complaint, or null if it parsed.
 */
async function parseError(args: string[]): Promise<string | null> {
  vi.resetModules();
  const spy = vi.spyOn(Command.prototype, 'parseAsync').mockImplementationOnce(function (this: Command) {
    return Promise.resolve(this);
  });
  let program: Command | undefined;
  try {
    await import('./main.ts');
    program = spy.mock.contexts[0] as Command | undefined;
  } finally {
    spy.mockRestore();
  }
  if (!program) throw new Error('main.ts did not call parseAsync on its program');
  let written = '';
  const quiet = (command: Command): void => {
    command.exitOverride().configureOutput({ writeOut: () => {}, writeErr: (text) => (written += text) });
    command.commands.forEach(quiet);
  };
  quiet(program);
  program.hook('preAction', () => {
    throw new ParsedOnly();
  });
  try {
    await program.parseAsync(args, { from: 'user' });
    return 'no command ran: the words name no command';
  } catch (error) {
    if (error instanceof ParsedOnly) return null;
    if (error instanceof CommanderError && error.code === 'commander.helpDisplayed') return null;
    if (error instanceof CommanderError) return written.trim() || error.message;
    throw error;
  }
}

/** Runs `lhb ARGS` (LHB_NODE_ARGS) in `cwd`, as a user would type it there. */
function runLhb(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...LHB_NODE_ARGS, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Runs `work` over `items`, `limit` at a time. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const commands = readmeCommands(readFileSync(join(root, 'README.md'), 'utf8'));
const named = (command: ReadmeCommand) => `README.md:${command.line}: ${command.text}`;
const key = (command: ReadmeCommand) => command.args.join(' ');

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-readme-code-blocks-'));
  await seedWorkspace(join(dir, 'workspace'), () => {});
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the README's code blocks", () => {
  it('show lhb commands, in and outside the walk-through', () => {
    expect(commands.filter((command) => command.inWalkthrough).length).toBeGreaterThanOrEqual(10);
    expect(commands.filter((command) => !command.inWalkthrough).length).toBeGreaterThanOrEqual(3);
  });

  it('show only commands the CLI parses: known commands and options, required arguments given', async () => {
    const failures: string[] = [];
    for (const command of commands) {
      const error = await parseError(command.args);
      if (error !== null) failures.push(`${named(command)}\n  ${error}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('list no command as not runnable that the README no longer shows', () => {
    const shown = new Set(commands.filter((command) => !command.inWalkthrough).map(key));
    const gone = Object.keys(NOT_RUN).filter((text) => !shown.has(shellWords(text).slice(1).join(' ')));
    expect(gone).toEqual([]);
  });

  it('run, outside the walk-through, to exit 0 in a workspace seeded with the demo', async () => {
    const notRun = new Set(Object.keys(NOT_RUN).map((text) => shellWords(text).slice(1).join(' ')));
    const runnable = commands.filter((command) => !command.inWalkthrough && !notRun.has(key(command)));
    expect(runnable.length).toBeGreaterThanOrEqual(1);
    // A placeholder (RUN, STUDY, <id>, …) would need a real id from the workspace: say so, rather than run it as written.
    expect(runnable.filter((command) => /\b[A-Z][A-Z_]{2,}\b|<[^>]+>|…/.test(command.text)).map(named)).toEqual([]);
    const env = { LHB_WORKSPACE: join(dir, 'workspace'), HOME: join(dir, 'home') };
    // Blocks run two at a time; one block's lines run in order, as a reader types them (a chapter is added before it is cited).
    const byBlock = new Map<number, ReadmeCommand[]>();
    for (const command of runnable) byBlock.set(command.block, [...(byBlock.get(command.block) ?? []), command]);
    const blocks = [...byBlock.values()];
    const results = (
      await inParallel(blocks, 2, async (block) => {
        const ran: { command: ReadmeCommand; status: number | null; output: string }[] = [];
        for (const command of block) ran.push({ command, ...(await runLhb(command.args, dir, env)) });
        return ran;
      })
    ).flat();
    expect(results.filter((result) => result.status !== 0).map((result) => `${named(result.command)}\n  exit ${result.status}: ${result.output.trim().slice(-2000)}`)).toEqual([]);
  }, 300_000);
});
