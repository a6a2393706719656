import { z } from 'zod';

export const VERIFIER_HOOK_HARNESSES = ['claude-code', 'gemini-cli'] as const;
export type VerifierHookHarness = (typeof VERIFIER_HOOK_HARNESSES)[number];

/**
 * What both CLIs send a command hook on stdin (Claude Code's PostToolUse / PostToolUseFailure,
 * Gemini CLI's AfterTool): the event, the tool and its input, among fields we do not need
 * (session_id, transcript_path, tool_response, …).
 */
const HookPayloadSchema = z.looseObject({
  hook_event_name: z.string().min(1),
  tool_name: z.string().min(1),
  tool_input: z.unknown().optional(),
  cwd: z.string().optional(),
});
export type HookPayload = z.infer<typeof HookPayloadSchema>;

/** The tools that can change the app: file writes and edits, and shell commands (a build, an npm install). */
const CHANGING_TOOLS: Record<VerifierHookHarness, ReadonlySet<string>> = {
  'claude-code': new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Bash']),
  'gemini-cli': new Set(['write_file', 'replace', 'run_shell_command']),
};

export function parseHookPayload(text: string, harness: VerifierHookHarness): HookPayload {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`the ${harness} hook's input on stdin is not JSON (${JSON.stringify(text.slice(0, 80))}); nothing was checked`);
  }
  const parsed = HookPayloadSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`the ${harness} hook's input has no usable ${issue.path.join('.') || 'object'} (${issue.message}); nothing was checked`);
  }
  return parsed.data;
}

/** Whether the tool call may have changed the app (so a check is worth it). */
export function toolMayChangeApp(harness: VerifierHookHarness, payload: HookPayload): boolean {
  return CHANGING_TOOLS[harness].has(payload.tool_name);
}
