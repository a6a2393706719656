import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Where `lhb serve` answers for a workspace while it runs, kept in the workspace folder so other
 * commands (`lhb arena invite`) link to the real address, whatever port it took. Never the
 * launch token: only the origin.
 */
const ServeAddressSchema = z.object({ origin: z.string(), pid: z.number().int(), startedAt: z.string() });
const fileOf = (workspaceDir: string) => join(workspaceDir, 'serve-address.json');

export function recordServeAddress(workspaceDir: string, url: string): void {
  writeFileSync(fileOf(workspaceDir), `${JSON.stringify({ origin: new URL(url).origin, pid: process.pid, startedAt: new Date().toISOString() })}\n`);
}

/** Removed by the server that wrote it (another server of the same workspace keeps its own). */
export function forgetServeAddress(workspaceDir: string): void {
  const recorded = readRecorded(workspaceDir);
  if (recorded?.pid === process.pid) rmSync(fileOf(workspaceDir), { force: true });
}

/** The running server's origin (`http://127.0.0.1:38211`), or null when none runs (its process is gone). */
export function runningServeOrigin(workspaceDir: string): string | null {
  const recorded = readRecorded(workspaceDir);
  if (!recorded) return null;
  try {
    process.kill(recorded.pid, 0);
    return recorded.origin;
  } catch {
    return null;
  }
}

function readRecorded(workspaceDir: string): z.infer<typeof ServeAddressSchema> | null {
  const file = fileOf(workspaceDir);
  if (!existsSync(file)) return null;
  try {
    return ServeAddressSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}
