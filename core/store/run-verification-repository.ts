import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';
import { writeTransaction } from './write-transaction.ts';

/** One check of a run's app by the verifier, with what it found. */
export interface RunVerification {
  seq: number;
  checkedAt: string;
  trigger: string;
  ok: boolean;
  nextAction: string;
  built: boolean;
  routesChecked: number;
  durationMs: number;
  findings: { kind: string; route: string | null; detail: string }[];
}

/** Replaces a run's verifier checks (a run stored again after a retry keeps only its last attempt's). */
export function replaceRunVerifications(db: Database, runId: string, verifications: readonly RunVerification[]): void {
  writeTransaction(db, () => {
    prepared(db, 'DELETE FROM run_verifications WHERE run_id = ?').run(runId);
    const insertCheck = prepared(
      db,
      `INSERT INTO run_verifications (run_id, seq, checked_at, trigger, ok, next_action, built, routes_checked, duration_ms)
       VALUES (@run_id, @seq, @checked_at, @trigger, @ok, @next_action, @built, @routes_checked, @duration_ms)`,
    );
    const insertFinding = prepared(db, 'INSERT INTO run_verifier_findings (run_id, seq, position, kind, route, detail) VALUES (@run_id, @seq, @position, @kind, @route, @detail)');
    for (const check of verifications) {
      insertCheck.run({
        run_id: runId,
        seq: check.seq,
        checked_at: check.checkedAt,
        trigger: check.trigger,
        ok: check.ok ? 1 : 0,
        next_action: check.nextAction,
        built: check.built ? 1 : 0,
        routes_checked: check.routesChecked,
        duration_ms: check.durationMs,
      });
      for (const [position, finding] of check.findings.entries()) {
        insertFinding.run({ run_id: runId, seq: check.seq, position, kind: finding.kind, route: finding.route, detail: finding.detail });
      }
    }
  })();
}

/** A run's verifier checks in the order they ran, each with its findings. */
export function listRunVerifications(db: Database, runId: string): RunVerification[] {
  const checks = prepared(db, 'SELECT * FROM run_verifications WHERE run_id = ? ORDER BY seq').all(runId) as {
    seq: number;
    checked_at: string;
    trigger: string;
    ok: 0 | 1;
    next_action: string;
    built: 0 | 1;
    routes_checked: number;
    duration_ms: number;
  }[];
  const findings = prepared(db, 'SELECT seq, kind, route, detail FROM run_verifier_findings WHERE run_id = ? ORDER BY seq, position').all(runId) as {
    seq: number;
    kind: string;
    route: string | null;
    detail: string;
  }[];
  return checks.map((check) => ({
    seq: check.seq,
    checkedAt: check.checked_at,
    trigger: check.trigger,
    ok: check.ok === 1,
    nextAction: check.next_action,
    built: check.built === 1,
    routesChecked: check.routes_checked,
    durationMs: check.duration_ms,
    findings: findings.filter((f) => f.seq === check.seq).map(({ kind, route, detail }) => ({ kind, route, detail })),
  }));
}
