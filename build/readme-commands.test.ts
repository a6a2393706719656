import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LHB_NODE_ARGS } from '../core/cli/lhb-child-process.fixture.ts';

// The README's command table is where a user looks a command up: one `lhb` has and the table
// leaves out (it once lacked `lhb import hf`) fails here. Commands come from the CLI's own help.
const root = fileURLToPath(new URL('..', import.meta.url));

const run = promisify(execFile);

/** The commands `lhb ARGS --help` lists. */
async function commandsIn(args: string[]): Promise<string[]> {
  const { stdout: help } = await run(process.execPath, [...LHB_NODE_ARGS, ...args, '--help'], { cwd: root, encoding: 'utf8' });
  const listed = help.split('\nCommands:\n')[1] ?? '';
  return [...listed.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((match) => match[1]!).filter((name) => name !== 'help');
}

/**
 * Every command as the user types it: `lhb serve`, `lhb import hf`, … Each group's help is asked
 * at once (two at a time per core), since each asks a process of its own that mostly waits to load.
 */
async function allCommands(): Promise<string[]> {
  const groups = await commandsIn([]);
  const subcommands: string[][] = [];
  const parallel = Math.max(2, availableParallelism() * 2);
  for (let i = 0; i < groups.length; i += parallel) subcommands.push(...(await Promise.all(groups.slice(i, i + parallel).map((group) => commandsIn([group])))));
  return groups.flatMap((group, i) => (subcommands[i]!.length === 0 ? [`lhb ${group}`] : subcommands[i]!.map((sub) => `lhb ${group} ${sub}`)));
}

describe("the README's command table", () => {
  it('names every command lhb has', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.split('\n').filter((line) => line.startsWith('| `lhb ')).join('\n');
    expect((await allCommands()).filter((command) => !table.includes(command))).toEqual([]);
  }, 120_000);
});
