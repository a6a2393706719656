import { resultShowsFailure } from '../../trajectory/result-shows-failure.ts';
import type { DeclaredTools } from '../declared-tools.ts';

// Built from a string: a control character in a regex literal is easy to misread.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

/** What Gemini CLI itself shows when a command had no output: the exit code, a signal, or a spawn error. */
const CLI_SAYS = /^(?:Command exited with code: (-?\d+)|Command terminated by signal: (\S+)|Command failed: (.+))$/;

/**
 * Lines a failing command writes. Gemini CLI's stream shows a shell command's output and not its
 * exit code (the code goes only to the model), so a failure with output is read from the output:
 * a program's "prog: …: No such file or directory", "error:"/"fatal:"/"Error:" at a line's
 * start, an exception or traceback, npm's, make's and tsc's error lines. Only shell results are
 * read this way; a file the agent read is never a failure for what it contains.
 */
const ERROR_LINES: RegExp[] = [
  /^[\w./-]+: (?:.*: )?(?:No such file or directory|Permission denied|command not found|Not a directory|Is a directory|Operation not permitted|Read-only file system|Directory not empty|File exists)$/,
  /^(?:[\w./-]+: )?(?:error|fatal|Error|ERROR|FATAL)(?:\[[\w-]+\])?: .+$/,
  /^\w*(?:Error|Exception): .+$/,
  /^Traceback \(most recent call last\):$/,
  /^npm (?:ERR!|error) .+$/,
  /^make(?:\[\d+\])?: \*\*\* .+$/,
  /\berror TS\d{3,5}: /,
];

/** Error lines are short; a longer line (minified code, a data dump) is not read, which keeps this linear. */
const MAX_ERROR_LINE_CHARS = 1000;
const MAX_REASON_CHARS = 200;

/** Only the head and tail are read: errors show there, and a huge output is not scanned whole. */
function headAndTail(text: string): string {
  return text.length > 16_384 ? `${text.slice(0, 8192)}\n${text.slice(-8192)}` : text;
}

/**
 * Whether a shell command (a tool `tools` declares of kind `shell`) Gemini CLI reported as
 * `status: "success"` failed: an exit code in the text (the CLI's own "Command exited with code:
 * N" when there was no output, "Exit Code: N" in debug mode), a signal, a spawn error, or an
 * error line in the output. Other tools say so themselves (`status: "error"`), so their results
 * are not read.
 */
export function geminiResultShowsFailure(tools: DeclaredTools, toolName: string, output: string | null): { failure: string; exitCode: number | null } | null {
  // Gemini CLI's shell tool (`run_shell_command`) and older names for it, as its adapter declares them.
  if (!output || !Object.hasOwn(tools.byName, toolName) || tools.byName[toolName]!.kind !== 'shell') return null;
  const raw = headAndTail(output);
  const text = raw.includes('\u001b') ? raw.replace(ANSI, '') : raw;
  const explicit = resultShowsFailure(text);
  if (explicit) return explicit;
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)).filter((line) => line.length > 0 && line.length <= MAX_ERROR_LINE_CHARS);
  for (const line of lines) {
    const cli = CLI_SAYS.exec(line);
    if (!cli) continue;
    if (cli[1] !== undefined) return Number(cli[1]) === 0 ? null : { failure: `exit code ${cli[1]}`, exitCode: Number(cli[1]) };
    if (cli[2] !== undefined) return { failure: `terminated by signal ${cli[2]}`, exitCode: null };
    return { failure: `command failed: ${cli[3]!.slice(0, MAX_REASON_CHARS)}`, exitCode: null };
  }
  for (const pattern of ERROR_LINES) {
    const line = lines.find((candidate) => pattern.test(candidate));
    if (line) return { failure: `error in output: ${line.trim().slice(0, MAX_REASON_CHARS)}`, exitCode: null };
  }
  return null;
}
