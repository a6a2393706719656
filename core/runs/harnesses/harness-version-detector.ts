import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseHarnessEnv, type HarnessAdapter } from './harness-adapter.ts';
import { binaryIdentity, cachedHarnessVersion, harnessVersionsFile, identityKey, keepHarnessVersion, type BinaryIdentity } from './harness-version-cache.ts';

/**
 * How long a CLI may take to say its version. Nothing waits on it but the engine before a study's
 * first run (the New study form and `harnesses.list` never do), so it is generous: on a busy
 * machine `gemini --version` took 27.5 s, and the 30 s limit this replaces read that as "not
 * installed". A CLI that has not answered in five minutes is hung, and is stopped.
 */
export const HARNESS_VERSION_LIMIT_MS = 5 * 60_000;

/** A binary's version as far as it is known now. */
export type HarnessVersionNow =
  | { state: 'known'; version: string }
  /** Being asked in the background; ask again later. */
  | { state: 'detecting' }
  /** Asked, and it did not say: it failed, answered something else, or did not answer in time. */
  | { state: 'unknown'; problem: string; timedOut: boolean };

/** What waiting for a version ends with: the version, or why there is none. */
export type HarnessVersionAnswer = { version: string; problem: null } | { version: null; problem: string; timedOut: boolean };

interface Asked {
  /** The ask in flight, or the last one's answer. */
  answer: Promise<HarnessVersionAnswer>;
  settled?: HarnessVersionAnswer;
  settledAt?: number;
}

/** Asks of this process, by binary identity: one ask per binary at a time, and a failed one is not repeated at once. */
const asks = new Map<string, Asked>();

/** A failed ask is kept this long before a look asks again (the machine may be less busy then). */
const RETRY_FAILED_AFTER_MS = 60_000;

export interface VersionOptions {
  /** Where the versions are kept (`harnessVersionsFile(toolsDir)`); asked each time when absent. */
  toolsDir: string;
  /** For tests of the limit itself: the default is `HARNESS_VERSION_LIMIT_MS`. */
  limitMs?: number;
}

/**
 * The binary's version without waiting: kept from an earlier ask (this process's or any other's,
 * through the tools folder's cache file), else `detecting` while it is asked in the background.
 */
export function harnessVersionNow(adapter: HarnessAdapter, binary: string, options: VersionOptions): HarnessVersionNow {
  const identity = binaryIdentity(binary);
  const kept = cachedHarnessVersion(harnessVersionsFile(options.toolsDir), identity);
  if (kept !== undefined) return { state: 'known', version: kept };
  const asked = askOnce(adapter, binary, identity, options, { retryFailed: false });
  const settled = asked.settled;
  if (!settled) return { state: 'detecting' };
  return settled.version !== null ? { state: 'known', version: settled.version } : { state: 'unknown', problem: settled.problem, timedOut: settled.timedOut };
}

/**
 * The binary's version, waited for: kept, or asked (joining an ask already under way) with the
 * generous limit. A failed earlier ask is tried again, since a run is about to be recorded with it.
 */
export async function waitForHarnessVersion(adapter: HarnessAdapter, binary: string, options: VersionOptions): Promise<HarnessVersionAnswer> {
  const identity = binaryIdentity(binary);
  const kept = cachedHarnessVersion(harnessVersionsFile(options.toolsDir), identity);
  if (kept !== undefined) return { version: kept, problem: null };
  return askOnce(adapter, binary, identity, options, { retryFailed: true }).answer;
}

function askOnce(adapter: HarnessAdapter, binary: string, identity: BinaryIdentity, options: VersionOptions, how: { retryFailed: boolean }): Asked {
  const key = identityKey(identity);
  const previous = asks.get(key);
  const failedLongAgo = previous?.settledAt !== undefined && Date.now() - previous.settledAt >= RETRY_FAILED_AFTER_MS;
  const failed = previous?.settled !== undefined && previous.settled.version === null;
  if (previous && !(failed && (how.retryFailed || failedLongAgo))) return previous;
  const asked: Asked = {
    answer: askVersion(adapter, binary, options.limitMs ?? HARNESS_VERSION_LIMIT_MS).then((answer) => {
      asked.settled = answer;
      asked.settledAt = Date.now();
      if (answer.version !== null) {
        try {
          keepHarnessVersion(harnessVersionsFile(options.toolsDir), identity, answer.version);
        } catch {
          // A tools folder this process may not write (shared, read-only): the answer is kept in memory only.
        }
      }
      return answer;
    }),
  };
  asks.set(key, asked);
  return asked;
}

/** Runs `<binary> <versionArgs>` once, in a throwaway HOME (asking must not write the user's own harness config). */
function askVersion(adapter: HarnessAdapter, binary: string, limitMs: number): Promise<HarnessVersionAnswer> {
  const home = mkdtempSync(join(tmpdir(), 'lhb-harness-version-'));
  return new Promise<HarnessVersionAnswer>((resolve) => {
    execFile(binary, adapter.versionArgs, { env: baseHarnessEnv({ homeDir: home, binary }), timeout: limitMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      rmSync(home, { recursive: true, force: true });
      const command = `${binary} ${adapter.versionArgs.join(' ')}`.trim();
      if (error && (error as { killed?: boolean }).killed && (error as { code?: unknown }).code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
        return resolve({ version: null, timedOut: true, problem: `${command} did not answer within ${Math.round(limitMs / 1000)} s, so its version is unknown (the machine may be very busy, or the CLI hangs).` });
      }
      if (error) {
        const said = (stderr.trim() || error.message).split('\n').slice(-3).join(' ').slice(0, 300);
        return resolve({ version: null, timedOut: false, problem: `${command} failed: ${said}` });
      }
      const version = adapter.parseVersion(stdout);
      if (version !== null) return resolve({ version, problem: null });
      const said = stdout.trim().split('\n')[0]?.slice(0, 200) ?? '';
      resolve({ version: null, timedOut: false, problem: `${command} answered ${said ? `"${said}"` : 'nothing'}, not a version.` });
    });
  });
}
