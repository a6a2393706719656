// POSIX shell quoting, in one place because a mistake here runs someone's text as a command:
// sbatch scripts and the commands ssh hands to a login node's shell (core/runs/executors/slurm), the
// verifier hook commands harness CLIs run through `sh -c` / `bash -c` (core/runs/harnesses), and
// the shell commands the scripted model server asks Codex to run (core/runs/replay).

/** Characters a word may hold unquoted: none is special to a POSIX shell or bash anywhere in a word. */
const BARE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Words a shell reads as syntax when they stand first, though their characters are plain. */
const RESERVED_WORDS = new Set(['case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in', 'select', 'then', 'time', 'until', 'while']);

/**
 * `value` as one single-quoted shell word, read back exactly: inside single quotes nothing is
 * special, and each `'` is written as `'\''` (close, an escaped quote, reopen). A NUL is refused:
 * no shell word, argument or environment value can hold one, and shells drop or cut at it.
 */
export function shellQuote(value: string): string {
  if (value.includes('\0')) throw new Error(`A shell word cannot hold a NUL character; refusing to quote ${JSON.stringify(value.slice(0, 80))}.`);
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * A command line a POSIX shell splits back into exactly `words`: each word as it is when every
 * character is plain (so `lhb runs verify --json` stays readable), else single-quoted. The first
 * word is also quoted when a shell would not take it as a command name: an assignment (`A=1`) or
 * a reserved word (`if`). (Quotes cannot stop bash reading a first word `%1` as a job: name such
 * a command by its path.)
 */
export function shellCommandLine(words: readonly string[]): string {
  return words.map((word, index) => (isBare(word, index === 0) ? word : shellQuote(word))).join(' ');
}

function isBare(word: string, first: boolean): boolean {
  if (!BARE_WORD.test(word)) return false;
  return !first || (!word.includes('=') && !RESERVED_WORDS.has(word));
}
