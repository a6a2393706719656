import type { VerificationResult } from './verifier-finding.ts';
import type { VerifierHookHarness } from './hook-payload.ts';

const MAX_DETAIL_CHARS = 1_500;
const MAX_FINDINGS_SHOWN = 8;

/** The check's result in words for the model: the next required action first, then each finding. */
export function describeVerification(result: VerificationResult, after?: string): string {
  const head = `LH-Bench preview check${after ? ` after ${after}` : ''}`;
  if (result.ok) return `${head}: OK. ${result.nextAction}`;
  const count = result.findings.length;
  const lines = [`${head}: ${count} problem${count === 1 ? '' : 's'} in the app.`, `Next required action: ${result.nextAction}`, 'Findings:'];
  for (const [i, finding] of result.findings.slice(0, MAX_FINDINGS_SHOWN).entries()) {
    const detail = finding.detail.length > MAX_DETAIL_CHARS ? `${finding.detail.slice(0, MAX_DETAIL_CHARS)}…` : finding.detail;
    lines.push(`${i + 1}. ${finding.kind}${finding.route ? ` at ${finding.route}` : ''}: ${detail}`);
  }
  if (count > MAX_FINDINGS_SHOWN) lines.push(`… and ${count - MAX_FINDINGS_SHOWN} more.`);
  return lines.join('\n');
}

/**
 * What the hook prints on stdout (exit code 0) so the harness hands the result to the model, as
 * its adapter says (`problemsAs`): problems as `decision: "block"` with the text as `reason`
 * (Claude Code: after PostToolUse the call has already happened; the reason is fed back to the
 * model as a hook error, and the tool's own result and status are kept), or as
 * `hookSpecificOutput.additionalContext`, which the hook appends to the tool's result (Gemini
 * CLI, whose block would mark a call that worked as failed). A clean check is always context.
 */
export function hookResponse(harness: VerifierHookHarness, event: string, result: VerificationResult, after: string): Record<string, unknown> {
  const text = describeVerification(result, after);
  if (harness.hook.problemsAs === 'block' && !result.ok) return { decision: 'block', reason: text };
  return { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
}
