import type { RunFailureKind } from '../../../schemas/studies.ts';
import type { ProcessOutcome } from '../executors/run-process.ts';
import { RLIMIT_HIT_WORDS, RLIMIT_REFUSAL_WORDS, type LimitHit } from '../sandbox/run-resource-limits.ts';

export interface RunFailure {
  kind: RunFailureKind;
  message: string;
}

/** Failures worth another try: they may pass on their own. Auth, a wrong model, a time-out or a crash of the agent's own making would fail the same way again. */
export const RETRYABLE_FAILURES: ReadonlySet<RunFailureKind> = new Set(['rate-limit', 'network']);

const PATTERNS: readonly { kind: RunFailureKind; test: RegExp }[] = [
  { kind: 'auth', test: /\b(401|403)\b.*(unauthori[sz]ed|forbidden|api[ _-]?key)|invalid[ _-]?(api[ _-]?key|x-api-key|authentication)|authentication[ _-](error|failed)|not logged in|please run \/login|permission_denied.*api key|api key not valid/i },
  { kind: 'rate-limit', test: /\b429\b|rate[ _-]?limit|too many requests|quota|resource[ _-]?exhausted|overloaded/i },
  { kind: 'model-not-found', test: /model[^\n]{0,80}(not found|does not exist|not_found|unknown|unsupported)|not_found_error[^\n]{0,80}model|(unknown|invalid) model/i },
  { kind: 'network', test: /ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|ETIMEDOUT|fetch failed|network error|connection (refused|reset|error)|stream disconnected|socket hang up/i },
];

/**
 * Why a run failed, from how its process ended and what it said (stderr's tail and the
 * transcript's final error text). Checked in order: our own stops (cancel, time-out, output
 * cap), a spawn failure, then the harness's words, then its exit.
 */
export function classifyRunFailure(outcome: ProcessOutcome, said: string, limits: { timeoutMs: number; maxOutputBytes: number }): RunFailure | null {
  if (outcome.cancelled) return { kind: 'cancelled', message: 'Cancelled while running; its output so far is kept in the run folder.' };
  if (outcome.timedOut) return { kind: 'timeout', message: `Stopped at its time limit of ${Math.round(limits.timeoutMs / 1000)} s, with every process it started.` };
  if (outcome.outputCapped) {
    return { kind: 'output-limit', message: `Stopped after writing ${(limits.maxOutputBytes / 1048576).toFixed(1)} MiB of output, the limit per run; the transcript keeps what came before.` };
  }
  if (outcome.lostReason) return { kind: 'harness-crash', message: outcome.lostReason };
  if (outcome.sandboxError) return { kind: 'setup', message: `The run's sandbox could not be made: ${outcome.sandboxError}` };
  if (outcome.spawnError) return { kind: 'harness-missing', message: `Could not start the harness: ${outcome.spawnError}` };
  // Stopped by the engine (or over it when it ended) like the output cap: whatever its exit said.
  if (outcome.limitHit === 'disk') return { kind: 'resource-limit', message: `${describeExit(outcome)} after reaching its ${limitWords(outcome, 'disk')}; raise \`limits.diskMb\` in the study file if the task needs more.` };
  // A process of the run killed at its memory limit, or refused one more process, and the harness
  // still exited 0: its work was not done within its limits, so it is no success.
  if (outcome.exitCode === 0) {
    const hit = outcome.limitHit ?? rlimitRefusalIn(outcome);
    return hit ? { kind: 'resource-limit', message: `The harness exited with code 0, but ${hitWords(outcome, hit)}; raise \`limits\` in the study file if the task needs more.` } : null;
  }
  const text = `${said}\n${outcome.stderrTail}`;
  const hit = outcome.limitHit ?? rlimitHitIn(outcome, text);
  if (hit) return { kind: 'resource-limit', message: `${describeExit(outcome)} after reaching its ${limitWords(outcome, hit)}; raise \`limits\` in the study file if the task needs more.` };
  for (const { kind, test } of PATTERNS) {
    const match = test.exec(text);
    if (match) return { kind, message: `${describeExit(outcome)}: ${lineAround(text, match.index)}` };
  }
  const last = lastLine(outcome.stderrTail) ?? lastLine(said);
  return { kind: 'harness-crash', message: `${describeExit(outcome)}${last ? `: ${last}` : ''}` };
}

/** Where only an rlimit held the run, what it printed is the one sign that it was refused memory or a process. */
function rlimitHitIn(outcome: ProcessOutcome, text: string): LimitHit | undefined {
  const limits = outcome.sandbox?.limits;
  if (!limits) return undefined;
  if (limits.diskBytes && outcome.signal === 'SIGXFSZ') return 'disk'; // a file grew past RLIMIT_FSIZE
  if (limits.memoryVia === 'rlimit' && RLIMIT_HIT_WORDS.memory.test(text)) return 'memory';
  if (limits.processesVia === 'rlimit' && RLIMIT_HIT_WORDS.processes.test(text)) return 'processes';
  return undefined;
}

/** Under rlimits and exit 0, only stderr's own report of a refused fork or allocation counts (the agent's words might merely discuss one). */
function rlimitRefusalIn(outcome: ProcessOutcome): LimitHit | undefined {
  const limits = outcome.sandbox?.limits;
  if (!limits) return undefined;
  if (limits.memoryVia === 'rlimit' && RLIMIT_REFUSAL_WORDS.memory.test(outcome.stderrTail)) return 'memory';
  if (limits.processesVia === 'rlimit' && RLIMIT_REFUSAL_WORDS.processes.test(outcome.stderrTail)) return 'processes';
  return undefined;
}

/** What happened at the limit a run that exited 0 reached. */
function hitWords(outcome: ProcessOutcome, hit: LimitHit): string {
  const counted = outcome.sandbox?.limits?.[hit === 'memory' ? 'memoryVia' : 'processesVia'] !== 'rlimit';
  if (hit === 'memory') return counted ? `a process of the run was killed at its ${limitWords(outcome, hit)}` : `a process of the run was refused memory at its ${limitWords(outcome, hit)}`;
  return `the run was refused a new process at its ${limitWords(outcome, hit)}`;
}

function limitWords(outcome: ProcessOutcome, hit: LimitHit): string {
  const limits = outcome.sandbox?.limits;
  if (hit === 'disk') return `disk limit${limits?.diskBytes ? ` of ${Math.round(limits.diskBytes / 1048576)} MiB for its run folder (${limits.diskVia ?? 'run-folder-watch'})` : ''}`;
  if (hit === 'memory') return `memory limit${limits ? ` of ${Math.round(limits.memoryBytes / 1048576)} MiB (${limits.memoryVia})` : ''}`;
  return `process limit${limits ? ` of ${limits.processes} (${limits.processesVia})` : ''}`;
}

function describeExit(outcome: ProcessOutcome): string {
  return outcome.signal ? `The harness was killed by ${outcome.signal}` : `The harness exited with code ${outcome.exitCode}`;
}

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? undefined : end).trim().slice(0, 500);
}

function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1)
    ?.slice(0, 500);
}
