import { z } from 'zod';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import type { VerifierHook } from '../harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';

/** A harness that runs the verifier as a post-tool command hook, with what its adapter says of that hook. */
export interface VerifierHookHarness {
  id: HarnessId;
  hook: Extract<VerifierHook, { kind: 'post-tool-hook' }>;
}

/** The harnesses `lhb runs verify --hook <id>` answers for, from their adapters. */
export function verifierHookHarnesses(): VerifierHookHarness[] {
  return Object.values(HARNESS_ADAPTERS).flatMap(({ id, verifierHook: hook }) => (hook.kind === 'post-tool-hook' ? [{ id, hook }] : []));
}

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

export function parseHookPayload(text: string, harness: VerifierHookHarness): HookPayload {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`the ${harness.id} hook's input on stdin is not JSON (${JSON.stringify(text.slice(0, 80))}); nothing was checked`);
  }
  const parsed = HookPayloadSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`the ${harness.id} hook's input has no usable ${issue.path.join('.') || 'object'} (${issue.message}); nothing was checked`);
  }
  return parsed.data;
}

/**
 * Whether the tool call may have changed the app (so a check is worth it): one of the harness's
 * file writes and edits, or shell commands (a build, an npm install). The CLI's own matcher
 * should let no other through; this holds when a hook config elsewhere fires on every tool.
 */
export function toolMayChangeApp(harness: VerifierHookHarness, payload: HookPayload): boolean {
  return harness.hook.changingTools.includes(payload.tool_name);
}
