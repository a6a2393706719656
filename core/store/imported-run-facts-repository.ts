import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

// What a dataset export says of a run beyond its record, kept for a run imported from one
// (migration 025): its artifacts' list, its trajectory summary when no study ran it, its turns.

export interface ImportedRunArtifactRow {
  run_id: string;
  path: string;
  sha256: string;
  size_bytes: number;
}

export interface ImportedRunSummaryRow {
  run_id: string;
  steps: number | null;
  tool_calls: number | null;
  failed_tool_calls: number | null;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
  errors_json: string;
}

export interface ImportedRunTurnRow {
  run_id: string;
  turn: number;
  status: 'succeeded' | 'failed';
  duration_ms: number | null;
  tokens_input: number;
  tokens_output: number;
  steps: number;
  errors: number;
  recovered_errors: number;
  /** Null when the revision's footprint was not measured (turn 1, or a snapshot's bytes were missing where it was exported). */
  files_changed: number | null;
  lines_changed: number | null;
  untouched_share: number | null;
}

/** Records an imported run's exported facts; call it in the transaction that inserts the run. */
export function insertImportedRunFacts(
  db: Database,
  facts: { artifacts: readonly ImportedRunArtifactRow[]; summary: ImportedRunSummaryRow | null; turns: readonly ImportedRunTurnRow[] },
): void {
  const artifact = prepared(db, 'INSERT INTO imported_run_artifacts (run_id, path, sha256, size_bytes) VALUES (@run_id, @path, @sha256, @size_bytes)');
  for (const row of facts.artifacts) artifact.run(row);
  if (facts.summary) {
    prepared(
      db,
      `INSERT INTO imported_run_summaries (run_id, steps, tool_calls, failed_tool_calls, tokens_input, tokens_output, cost_usd, errors_json)
       VALUES (@run_id, @steps, @tool_calls, @failed_tool_calls, @tokens_input, @tokens_output, @cost_usd, @errors_json)`,
    ).run(facts.summary);
  }
  const turn = prepared(
    db,
    `INSERT INTO imported_run_turns (run_id, turn, status, duration_ms, tokens_input, tokens_output, steps, errors, recovered_errors, files_changed, lines_changed, untouched_share)
     VALUES (@run_id, @turn, @status, @duration_ms, @tokens_input, @tokens_output, @steps, @errors, @recovered_errors, @files_changed, @lines_changed, @untouched_share)`,
  );
  for (const row of facts.turns) turn.run(row);
}

/** The files an imported run's export listed, by path (none for a run whose files are stored). */
export function listImportedRunArtifacts(db: Database, runId: string): ImportedRunArtifactRow[] {
  return prepared(db, 'SELECT * FROM imported_run_artifacts WHERE run_id = ? ORDER BY path').all(runId) as ImportedRunArtifactRow[];
}

/** An imported run's turns as its export gave them, in order (none for a run without turns). */
export function listImportedRunTurns(db: Database, runId: string): ImportedRunTurnRow[] {
  return prepared(db, 'SELECT * FROM imported_run_turns WHERE run_id = ? ORDER BY turn').all(runId) as ImportedRunTurnRow[];
}

/** Every imported multi-turn run's turns among the project's runs, by run id then turn. */
export function listProjectImportedRunTurns(db: Database, projectId: string): ImportedRunTurnRow[] {
  return prepared(
    db,
    `SELECT it.* FROM imported_run_turns it JOIN runs ON runs.id = it.run_id JOIN tasks ON tasks.id = runs.task_id
     WHERE tasks.project_id = ? ORDER BY it.run_id, it.turn`,
  ).all(projectId) as ImportedRunTurnRow[];
}
