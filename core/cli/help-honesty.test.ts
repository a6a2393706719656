import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// `lhb --help` is the CLI's promise: it names only commands that run, and says plainly what is
// not built yet instead of describing it as if it were.
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
// Each help text is a process started through tsx (seconds each on a loaded machine, and the
// tests below read dozens): each is read once, and the tests' budgets allow for a slow machine
// (the -w test took 96 s of its former 120 s on the loaded CI machine).
const helpTexts = new Map<string, string>();
const help = (args: string[]) => {
  const key = args.join(' ');
  const known = helpTexts.get(key);
  if (known !== undefined) return known;
  const result = spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--help'], { encoding: 'utf8', timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  helpTexts.set(key, result.stdout);
  return result.stdout;
};

/** The names under "Commands:" in a commander help text, without commander's own `help`. */
function listedCommands(text: string): string[] {
  const section = text.split(/^Commands:\n/m)[1] ?? '';
  return [...section.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]!).filter((name) => name !== 'help');
}

/** The options under "Options:" in a commander help text, without `-h, --help`. */
function ownOptions(text: string): string[] {
  const section = (text.split(/^Options:\n/m)[1] ?? '').split(/^\S/m)[0] ?? '';
  return [...section.matchAll(/^ {2}(-\S+)/gm)].map((m) => m[1]!).filter((flag) => flag !== '-h,');
}

describe('lhb --help', () => {
  it('claims importing and merging exported datasets only beside the command that does it', () => {
    const text = help([]).replace(/\s+/g, ' ');
    expect(text).toContain('import and merge such datasets');
    expect(listedCommands(help(['import']))).toEqual(['hf']);
  });

  it('lists only commands that run: every listed command has an action whose module exports it', async () => {
    const leaves: string[] = [];
    let groups = 0;
    for (const name of listedCommands(help([]))) {
      const sub = listedCommands(help([name]));
      if (sub.length > 0) groups++;
      leaves.push(...(sub.length > 0 ? sub.map((s) => `${name} ${s}`) : [name]));
    }
    expect(leaves).toEqual(expect.arrayContaining(['serve', 'info', 'sources add', 'runs import', 'analyze', 'stats']));

    // Each action lazily imports its command module; every one must exist and export its function.
    // Every listed leaf has an action; a group may have one of its own too.
    const source = readFileSync(MAIN, 'utf8');
    const actions = [...source.matchAll(/const \{ (\w+) \} = await import\('\.\/([\w-]+\.ts)'\)/g)];
    const actionCount = source.match(/\.action\(/g)?.length ?? 0;
    expect(actions).toHaveLength(actionCount);
    expect(actionCount).toBeGreaterThanOrEqual(leaves.length);
    expect(actionCount).toBeLessThanOrEqual(leaves.length + groups);
    for (const [, exported, file] of actions) {
      const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
      expect(existsSync(path), file).toBe(true);
      expect(readFileSync(path, 'utf8'), `${file} exports ${exported}`).toMatch(new RegExp(`export (async )?function ${exported}\\b`));
    }
  }, 180_000);

  it('lists -w, --workspace on every command that opens a workspace', () => {
    // These run without one: a transcript, an app's build, a prepared run folder, stdin, the judge providers' list; init makes one at the folder it is given.
    const withoutWorkspace = new Set(['runs parse', 'runs verify', 'runs exec', 'stats', 'init', 'judge providers']);
    const commands: string[] = [];
    for (const name of listedCommands(help([]))) {
      const sub = listedCommands(help([name]));
      // A group with options of its own has an action too (lhb harnesses, lhb judge).
      if (sub.length === 0 || ownOptions(help([name])).length > 0) commands.push(name);
      commands.push(...sub.map((s) => `${name} ${s}`));
    }
    expect(commands).toEqual(expect.arrayContaining(['harnesses', 'judge', 'judge list', 'serve', 'import hf']));
    expect(commands).not.toContain('runs');
    for (const command of commands) {
      const text = help(command.split(' '));
      if (withoutWorkspace.has(command)) expect(text, command).not.toContain('--workspace');
      else expect(text, command).toMatch(/^ {2}-w, --workspace <dir> {2,}\S/m);
    }
  }, 360_000);
});
