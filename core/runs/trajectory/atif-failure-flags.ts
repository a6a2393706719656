import type { AtifObservationResult, AtifStep } from './atif-schema.ts';

/** What Harbor's Claude Code converter appends to a result the tool reported failed. */
const HARBOR_FAILURE_LINE = /\[error\] tool reported failure\s*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The flag among `extra`'s that says failed: `tool_result_is_error`, or `is_error` in the result metadata Harbor keeps. */
function flagIn(extra: unknown): string | null {
  if (!isRecord(extra)) return null;
  if (extra.tool_result_is_error === true) return 'tool_result_is_error';
  for (const key of ['tool_result_metadata', 'metadata']) {
    const metadata = extra[key];
    if (isRecord(metadata) && metadata.is_error === true) return `${key}.is_error`;
  }
  return null;
}

/**
 * Whether the writer of an ATIF file marked a tool call's result as failed, and by which flag
 * (the failure's wording), else null. Each writer has its own convention, newest Harbor first:
 *
 * - Harbor since its turn-bundling converter (harbor #1760, 2026-05): the result's
 *   `extra.tool_result_is_error`, or `extra.tool_result_metadata.is_error`;
 * - Harbor from its first Claude Code converter (harbor #86, 2025-11) until then, one call per
 *   step: the step's `extra.tool_result_is_error`, `extra.tool_result_metadata.is_error` or
 *   `extra.metadata.is_error`, read only for a step with that one call;
 * - Harbor in both: the result text ends with "[error] tool reported failure";
 * - other writers: the result's own `is_error` (not in the RFC).
 */
export function atifFailureFlag(result: AtifObservationResult, step: AtifStep, content: string): string | null {
  if (result.is_error === true) return 'is_error';
  const onResult = flagIn(result.extra);
  if (onResult) return onResult;
  const onlyCall = (step.tool_calls ?? []).length === 1;
  const onStep = onlyCall ? flagIn(step.extra) : null;
  if (onStep) return onStep;
  return HARBOR_FAILURE_LINE.test(content) ? 'tool reported failure' : null;
}
