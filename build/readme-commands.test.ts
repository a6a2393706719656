import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's command table is where a user looks a command up: one `lhb` has and the table
// leaves out (it once lacked `lhb import hf`) fails here. Commands come from the CLI's own help.
const root = fileURLToPath(new URL('..', import.meta.url));

function commandsIn(args: string[]): string[] {
  const help = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'core/cli/main.ts'), ...args, '--help'], { cwd: root, encoding: 'utf8' }).stdout;
  const listed = help.split('\nCommands:\n')[1] ?? '';
  return [...listed.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((match) => match[1]!).filter((name) => name !== 'help');
}

/** Every command as the user types it: `lhb serve`, `lhb import hf`, … */
function allCommands(): string[] {
  return commandsIn([]).flatMap((group) => {
    const subcommands = commandsIn([group]);
    return subcommands.length === 0 ? [`lhb ${group}`] : subcommands.map((sub) => `lhb ${group} ${sub}`);
  });
}

describe("the README's command table", () => {
  it('names every command lhb has', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.split('\n').filter((line) => line.startsWith('| `lhb ')).join('\n');
    expect(allCommands().filter((command) => !table.includes(command))).toEqual([]);
  }, 120_000);
});
