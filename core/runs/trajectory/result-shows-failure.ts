/**
 * Whether a tool result's own text says the action failed, for sources that do not say so in a
 * field (a command harness's plain tool results, foreign ATIF files). Deliberately narrow: an
 * explicit non-zero exit status, or a shell's "command not found". A word like "error" in a file
 * the agent read is not a failure.
 */
export function resultShowsFailure(result: string | null): { failure: string; exitCode: number | null } | null {
  if (!result) return null;
  // Exit codes are reported near the start or the end of a result; look only there so a huge
  // file's contents are not scanned.
  const text = result.length > 8192 ? `${result.slice(0, 4096)}\n${result.slice(-4096)}` : result;
  const exit = /\b(?:exit(?:ed)?(?: with)?(?: code| status)|exit_code|returncode|return code)\s*[:=]?\s*(-?\d+)\b/i.exec(text);
  if (exit) {
    const code = Number(exit[1]);
    return code === 0 ? null : { failure: `exit code ${code}`, exitCode: code };
  }
  if (/\bcommand not found\b/.test(text) || /^(?:\/\S*\/)?(?:sh|bash|dash|zsh): (?:line )?\d*:? ?\S+: not found$/m.test(text)) return { failure: 'command not found', exitCode: 127 };
  return null;
}
