/** A tool_result block's `content`: a string, or blocks of which the text ones carry the output. */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) => {
      const b = block as { type?: unknown; text?: unknown };
      if (b?.type === 'text' && typeof b.text === 'string') return b.text;
      return typeof b?.type === 'string' ? `[${b.type}]` : '';
    })
    .join('\n');
}

export interface ToolVerdict {
  ok: boolean;
  failure: string | null;
  exitCode: number | null;
}

/** Claude Code's Bash tool starts a failing command's result with `Exit code N`. */
const EXIT_CODE = /^(?:Error: )?Exit code (-?\d+)\b/;
/** Claude Code wraps a refused call (bad input, missing file) in this tag. */
const TOOL_USE_ERROR = /^\s*<tool_use_error>([\s\S]*?)(?:<\/tool_use_error>|$)/;

const firstLine = (text: string): string => {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

/**
 * Whether a call failed: Claude Code says so with `is_error`, and its result can show it too (an
 * `Exit code N` header, a `<tool_use_error>`, an interrupted command), even when `is_error` is absent.
 */
export function judgeToolResult(text: string, isError: boolean | undefined, structured: unknown): ToolVerdict {
  const code = EXIT_CODE.exec(text);
  const exitCode = code ? Number(code[1]) : null;
  if (exitCode !== null && exitCode !== 0) return { ok: false, failure: `exit code ${exitCode}`, exitCode };
  const refused = TOOL_USE_ERROR.exec(text);
  if (refused) return { ok: false, failure: `tool error: ${firstLine(refused[1] ?? '')}`, exitCode };
  if ((structured as { interrupted?: unknown } | null)?.interrupted === true) return { ok: false, failure: 'interrupted', exitCode };
  if (isError === true) return { ok: false, failure: `error: ${firstLine(text) || 'reported by Claude Code'}`, exitCode };
  return { ok: true, failure: null, exitCode };
}
