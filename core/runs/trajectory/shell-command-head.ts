/**
 * The "head" of a shell command line: the program and, where the program's first argument names
 * the action, that argument too. It is what error→recovery matching compares, so `ls /missing`
 * and `ls out/dist` share the head `ls`, while `npm install` and `npm run build` do not.
 *
 * Rules, in order:
 * - the line is split into commands at `&&`, `||`, `;` and newlines; of a pipeline only its first
 *   command counts (`npm run build 2>&1 | tail` is `npm run build`);
 * - set-up commands (`cd`, `export`, `source`, `mkdir`, `echo`, …) are skipped and the LAST
 *   remaining command is the one the line was for (`cd app && npm run build`); when every
 *   command is set-up, the last one is used;
 * - leading `VAR=value` words and wrappers (`sudo`, `env`, `time`, `timeout 60`, `nohup`, `npx`,
 *   `xargs`…) are dropped; `bash -lc '…'` / `sh -c '…'` is read inside;
 * - the program is its basename, with `python3.11` → `python` and `pip3` → `pip`;
 * - package managers and tools with subcommands keep the subcommand (`git commit`, `cargo build`),
 *   and `npm|pnpm|yarn|bun run X` keeps the script (`npm run build`); `npm i` is `npm install`;
 * - interpreters keep what they run: `python -m pytest`, `python app.py`, `node server.js`.
 */
export function shellCommandHead(command: string | readonly string[]): string {
  const words = typeof command === 'string' ? splitShellWords(command) : command.map((word) => ({ word, operator: false }));
  const commands: string[][] = [[]];
  let inPipeline = false;
  for (const { word, operator } of words) {
    if (operator) {
      if (word === '|' || word === '|&') inPipeline = true;
      else {
        inPipeline = false;
        if (commands.at(-1)!.length > 0) commands.push([]);
      }
      continue;
    }
    if (!inPipeline) commands.at(-1)!.push(word);
  }
  const heads = commands.filter((argv) => argv.length > 0).map((argv) => headOfArgv(argv));
  const meaningful = heads.filter((head) => head !== '' && !SET_UP.has(head.split(' ')[0]!));
  return meaningful.at(-1) ?? heads.at(-1) ?? '';
}

const SET_UP = new Set(['cd', 'pushd', 'popd', 'export', 'set', 'unset', 'source', '.', 'true', ':', 'echo', 'printf', 'mkdir', 'sleep', 'clear', 'wait']);
const WRAPPERS = new Set(['sudo', 'env', 'time', 'nohup', 'nice', 'command', 'exec', 'xargs', 'npx', 'bunx', 'stdbuf']);
const WRAPPERS_WITH_VALUE = new Set(['timeout']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash']);
const WITH_SUBCOMMAND = new Set(['npm', 'pnpm', 'yarn', 'bun', 'git', 'cargo', 'go', 'docker', 'pip', 'uv', 'poetry', 'deno', 'kubectl', 'gradle', 'mvn', 'dotnet', 'make', 'vite', 'next', 'playwright', 'gh', 'apt', 'apt-get', 'brew']);
const RUNS_A_SCRIPT = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);
const INTERPRETERS = new Set(['python', 'node', 'ruby', 'perl', 'php', 'tsx', 'ts-node']);
const VALUE_OPTIONS = new Set(['-C', '-c', '-f', '--prefix', '--dir', '--cwd', '--filter', '-w', '--workspace', '--manifest-path', '--file']);
const NPM_ALIASES: Record<string, string> = { i: 'install', add: 'install', ci: 'install', t: 'test', tst: 'test', rb: 'rebuild' };

const isOption = (word: string) => word.startsWith('-');
const isRedirection = (word: string) => /^\d*(?:>>?|<<?|>&|&>)/.test(word);
const baseName = (word: string) => word.slice(word.lastIndexOf('/') + 1);

function programName(word: string): string {
  const name = baseName(word);
  if (/^python[\d.]*$/.test(name)) return 'python';
  if (/^pip[\d.]*$/.test(name)) return 'pip';
  return name;
}

function headOfArgv(argv: readonly string[]): string {
  let i = 0;
  const args = argv.filter((word) => !isRedirection(word));
  for (;;) {
    while (i < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]!)) i++;
    const word = args[i];
    if (word === undefined) return '';
    const name = programName(word);
    if (WRAPPERS.has(name) || (name === 'pnpm' && args[i + 1] === 'dlx') || (name === 'npm' && args[i + 1] === 'exec')) {
      i += name === 'pnpm' || name === 'npm' ? 2 : 1;
      while (i < args.length && isOption(args[i]!)) i++;
      continue;
    }
    if (WRAPPERS_WITH_VALUE.has(name)) {
      i++;
      while (i < args.length && isOption(args[i]!)) i++;
      i++; // the duration
      continue;
    }
    const rest = args.slice(i + 1);
    if (SHELLS.has(name)) {
      const flag = rest.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
      if (flag !== -1 && rest[flag + 1] !== undefined) return shellCommandHead(rest[flag + 1]!);
      const script = rest.find((arg) => !isOption(arg));
      return script ? `${name} ${baseName(script)}` : name;
    }
    if (INTERPRETERS.has(name)) {
      for (let j = 0; j < rest.length; j++) {
        const arg = rest[j]!;
        if (arg === '-m' && rest[j + 1]) return `${name} -m ${rest[j + 1]}`;
        if (arg === '-c' || arg === '-e' || arg === '--eval') return `${name} ${arg}`;
        if (!isOption(arg)) return `${name} ${baseName(arg)}`;
      }
      return name;
    }
    if (WITH_SUBCOMMAND.has(name)) {
      // Options that take a value (`git -C dir`, `make -C dir`, `cargo --manifest-path f`) would read as the subcommand.
      const positional = rest.filter((arg, j) => !isOption(arg) && !VALUE_OPTIONS.has(rest[j - 1] ?? ''));
      let sub = positional[0];
      if (sub === undefined) return name;
      if (name === 'npm' || name === 'pnpm' || name === 'yarn' || name === 'bun') sub = NPM_ALIASES[sub] ?? sub;
      if (RUNS_A_SCRIPT.has(sub) && positional[1] !== undefined) return `${name} run ${positional[1]}`;
      return `${name} ${sub}`;
    }
    return name;
  }
}

/** Shell words with quotes removed, and the control operators as their own items. */
export function splitShellWords(line: string): { word: string; operator: boolean }[] {
  const out: { word: string; operator: boolean }[] = [];
  let word = '';
  let inWord = false;
  const flush = () => {
    if (inWord) out.push({ word, operator: false });
    word = '';
    inWord = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end === -1 ? line.length : end);
      inWord = true;
      i = end === -1 ? line.length : end;
    } else if (c === '"') {
      inWord = true;
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) i++;
        word += line[i];
      }
    } else if (c === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') word += line[i + 1];
      inWord = true;
      i++;
    } else if (c === ' ' || c === '\t') {
      flush();
    } else if (c === '\n' || c === ';') {
      flush();
      out.push({ word: ';', operator: true });
    } else if (c === '&' || c === '|') {
      const two = line.slice(i, i + 2);
      // `2>&1` and `&>` are redirections, part of a word.
      if (c === '&' && (word.endsWith('>') || line[i + 1] === '>')) {
        word += c;
        inWord = true;
        continue;
      }
      flush();
      if (two === '&&' || two === '||' || two === '|&') {
        out.push({ word: two, operator: true });
        i++;
      } else out.push({ word: c === '&' ? ';' : '|', operator: true });
    } else if (c === '#' && !inWord) {
      const end = line.indexOf('\n', i);
      if (end === -1) break;
      i = end - 1;
    } else {
      word += c;
      inWord = true;
    }
  }
  flush();
  return out;
}
