import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellCommandLine, shellQuote } from './shell-quote.ts';

// Every case runs through real shells: what a quoted line means is what sh and bash make of it.
const SHELLS = ['sh', 'bash'] as const;

const HOSTILE = [
  '',
  ' ',
  "'",
  "''",
  "it's",
  `'\\''`,
  '"',
  '\\',
  "\\'",
  '$HOME',
  '${PATH}',
  '$((6*7))',
  "$'\\x41'",
  '$(touch PWNED)',
  '`touch PWNED`',
  "'; touch PWNED; '",
  '"; touch PWNED; "',
  '; touch PWNED',
  '&& touch PWNED',
  '|| touch PWNED',
  '| tee PWNED',
  '> PWNED',
  '< /etc/hostname',
  '&',
  '\ntouch PWNED',
  'line one\nline two\n',
  '\r\n',
  '\ttab',
  '*',
  '?',
  '[ab]',
  '~',
  '~root/x',
  'a=~/x',
  '{a,b}',
  '!',
  '!!',
  '#not a comment',
  'x #y',
  '-',
  '--',
  '-rf',
  '--json',
  '-e',
  '-n',
  'A=1',
  '%1',
  'if',
  'naïve café',
  '日本語のパス',
  '🎲 dice',
  'e\u0301',
  '\u202eevil\u202c',
  '\u200b',
  '\u2028\u2029',
  '\ufeffbom',
  '\x01\x1b[31mred\x1b[0m\x7f',
  "it's ".repeat(10_000),
];

let dir: string;
let argvScript: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-shell-quote-'));
  // Prints each argument it gets, NUL-terminated, so any word (newlines included) reads back whole.
  argvScript = join(dir, 'argv');
  writeFileSync(argvScript, `#!/bin/sh\nfor word; do printf '%s\\0' "$word"; done\n`);
  chmodSync(argvScript, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `shell` makes of `line` (as `shell -c line`, or with `file`, as a script file), run in the temp folder. */
function run(shell: string, line: string, options: { file?: boolean; path?: string } = {}): { words: string[]; status: number | null; stderr: string } {
  const script = join(dir, 'script.sh');
  if (options.file) writeFileSync(script, `${line}\n`);
  const result = spawnSync(shell, options.file ? [script] : ['-c', line], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: options.path ? `${options.path}:${process.env.PATH}` : process.env.PATH },
  });
  const words = result.stdout.split('\0');
  words.pop();
  return { words, status: result.status, stderr: result.stderr };
}

function expectNothingRan(): void {
  expect(readdirSync(dir).filter((name) => name !== 'argv' && name !== 'script.sh' && name !== 'bin')).toEqual([]);
}

describe('shellQuote', () => {
  it('always writes one single-quoted word, each quote as close, escaped quote, reopen', () => {
    expect(shellQuote('index.html')).toBe("'index.html'");
    expect(shellQuote('')).toBe("''");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it.each(SHELLS)('reads back every hostile string exactly through %s -c, expanding and running nothing', (shell) => {
    for (const value of HOSTILE) {
      const result = run(shell, `${shellQuote(argvScript)} ${shellQuote(value)}`);
      expect(result.words, JSON.stringify(value.slice(0, 40))).toEqual([value]);
    }
    expectNothingRan();
  });

  it('refuses a NUL, which no shell word can hold', () => {
    expect(() => shellQuote('a\0b')).toThrow(/cannot hold a NUL/);
    expect(() => shellCommandLine(['echo', '\0'])).toThrow(/cannot hold a NUL/);
  });
});

describe('shellCommandLine', () => {
  it('leaves plain words bare and quotes the rest', () => {
    expect(shellCommandLine(['sbatch', '--parsable', '--job-name=lhb-1', '/shared/runs/a.sh'])).toBe('sbatch --parsable --job-name=lhb-1 /shared/runs/a.sh');
    expect(shellCommandLine(['/opt/my tools/verify', "it's", '--json'])).toBe(`'/opt/my tools/verify' 'it'\\''s' --json`);
    expect(shellCommandLine(['squeue', '', '*'])).toBe(`squeue '' '*'`);
  });

  it.each(SHELLS)('splits back into exactly the words given through %s -c, all hostile strings at once', (shell) => {
    const result = run(shell, shellCommandLine([argvScript, ...HOSTILE]));
    expect(result.words).toEqual(HOSTILE);
    expectNothingRan();
  });

  it.each(SHELLS)('means the same in a script file (how sbatch runs it) through %s', (shell) => {
    // Linux passes a program at most 128 KiB in one argument; the script quoting it is larger still.
    const long = `'$(touch PWNED)\`x\`\n`.repeat(3_000);
    const result = run(shell, `exec ${shellCommandLine([argvScript, ...HOSTILE, long])}`, { file: true });
    expect(result.words, result.stderr).toEqual([...HOSTILE, long]);
    expectNothingRan();
  });

  it.each(SHELLS)('survives a second layer: a quoted line given to sh -c as one word, through %s', (shell) => {
    const inner = shellCommandLine([argvScript, ...HOSTILE.slice(0, -1)]);
    const result = run(shell, shellCommandLine(['sh', '-c', inner]));
    expect(result.words).toEqual(HOSTILE.slice(0, -1));
    expectNothingRan();
  });

  it.each(SHELLS)('quotes a first word that %s would read as an assignment or syntax, so it runs as a command', (shell) => {
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const names = ['A=1', 'if', 'time', 'plain-name'];
    for (const name of names) {
      writeFileSync(join(bin, name), `#!/bin/sh\nprintf '%s\\0' ${shellQuote(name)} "$@"\n`);
      chmodSync(join(bin, name), 0o755);
    }
    for (const name of names) {
      const result = run(shell, shellCommandLine([name, 'arg one']), { path: bin });
      expect(result.words, `${name}: ${result.stderr}`).toEqual([name, 'arg one']);
    }
    expect(shellCommandLine(['plain-name', 'A=1', '%1', 'if'])).toBe('plain-name A=1 %1 if');
    expect(shellCommandLine(['A=1', '%1'])).toBe(`'A=1' %1`);
    rmSync(bin, { recursive: true, force: true });
  });

  it('splits any string without a NUL back as it was (sh -c)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }).filter((word) => !word.includes('\0')), { minLength: 1, maxLength: 8 }), (words) => {
        expect(run('sh', shellCommandLine([argvScript, ...words])).words).toEqual(words);
      }),
      { numRuns: 60 },
    );
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
  });
});
