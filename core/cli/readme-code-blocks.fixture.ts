import { WALKTHROUGH_HEADING } from './readme-walkthrough.fixture.ts';

/** One `lhb …` command a README code block shows: where it starts, its text as shown, and its words. */
export interface ReadmeCommand {
  /** 1-based line of README.md the command starts on. */
  line: number;
  /** The command as one line (continuation lines joined, comment dropped). */
  text: string;
  /** The shell words after `lhb`, quotes removed. */
  args: string[];
  /** Whether it stands in the walk-through section (readme-walkthrough.test.ts runs those). */
  inWalkthrough: boolean;
  /** Which code block it is in (0 for the README's first): a reader runs one block's lines in order. */
  block: number;
}

/** The words of one shell command line: blanks split, '…' and "…" quote, a trailing `# …` is a comment. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (char === "'" || char === '"') {
      const end = command.indexOf(char, i + 1);
      if (end < 0) throw new Error(`unclosed ${char} in: ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (char === '#' && word === null) {
      break;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** Every line of a fenced code block of `readme` that runs `lhb` (with its `\` continuation lines). */
export function readmeCommands(readme: string): ReadmeCommand[] {
  const lines = readme.split('\n');
  const commands: ReadmeCommand[] = [];
  let fenced = false;
  let section = '';
  let block = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      if (fenced) block++;
      continue;
    }
    if (!fenced) {
      if (line.startsWith('## ')) section = line;
      continue;
    }
    if (!/^\s*lhb(\s|$)/.test(line)) continue;
    const start = i;
    let text = line.trim();
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    commands.push({ line: start + 1, text, args: shellWords(text).slice(1), inWalkthrough: section === WALKTHROUGH_HEADING, block });
  }
  return commands;
}
