import type { Database } from 'better-sqlite3';
import { replaceRunVerifications } from '../../store/run-verification-repository.ts';
import { readVerifierLog } from './verifier-log.ts';
import { verifierFolderOfRun } from './verify-config.ts';

/**
 * Moves a run's verifier-findings.jsonl (in its verifier folder, written by the engine's verifier
 * service alone) into the store for the stored run; returns how many checks it held.
 */
export function storeVerifierFindings(db: Database, runId: string, runFolder: string): number {
  const entries = readVerifierLog(verifierFolderOfRun(runFolder));
  if (entries.length === 0) return 0;
  replaceRunVerifications(
    db,
    runId,
    entries.map((entry) => ({ ...entry, findings: entry.findings.map((f) => ({ kind: f.kind, route: f.route ?? null, detail: f.detail })) })),
  );
  return entries.length;
}
