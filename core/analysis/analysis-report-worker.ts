import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../store/open-database.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';
import type { AnalysisReportOptions } from './analysis-report-cache.ts';

/**
 * Computes one analysis report off the server's thread (compute-report-in-worker.ts): it opens
 * the workspace's database read-only, as another reader, and posts the report, or why not.
 */
export interface AnalysisWorkerInput {
  databasePath: string;
  options: AnalysisReportOptions;
}

export type AnalysisWorkerReply = { report: unknown; inputsVersion: number } | { error: string };

const port = parentPort;
if (port) {
  const { databasePath, options } = workerData as AnalysisWorkerInput;
  let reply: AnalysisWorkerReply;
  try {
    const { db } = openDatabase(databasePath, undefined, { readOnly: true });
    try {
      // Read in one transaction, so the figures and the inputs' version they are stored with agree.
      reply = db.transaction(() => {
        const { version } = db.prepare('SELECT version FROM analysis_inputs WHERE id = 1').get() as { version: number };
        return { report: buildAnalysisReport(db, options), inputsVersion: version };
      })();
    } finally {
      db.close();
    }
  } catch (error) {
    reply = { error: (error as Error).stack ?? String(error) };
  }
  port.postMessage(reply);
}
