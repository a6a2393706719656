import { AnalysisReportSchema, type AnalysisReport } from '../../schemas/analysis.ts';
import { startModuleWorker } from '../start-module-worker.ts';
import type { AnalysisReportOptions } from './analysis-report-cache.ts';
import type { AnalysisWorkerInput, AnalysisWorkerReply } from './analysis-report-worker.ts';

/**
 * Computes an analysis report in a worker thread, so a server answering voters and the UI is not
 * blocked for the seconds a large study's report takes. Resolves with the report and the inputs'
 * version it was computed at; `signal` ends the worker (the promise rejects with the signal's
 * reason). Undefined when no worker can be started (a bundle without the worker file): the caller
 * computes on its own thread.
 */
export function computeReportInWorker(
  databasePath: string,
  options: AnalysisReportOptions,
  signal?: AbortSignal,
): Promise<{ report: AnalysisReport; inputsVersion: number }> | undefined {
  const worker = startModuleWorker(import.meta.url, 'analysis-report-worker', { workerData: { databasePath, options } satisfies AnalysisWorkerInput });
  if (!worker) return undefined;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      outcome();
      void worker.terminate();
    };
    const abort = () => settle(() => reject(signal?.reason ?? new Error('The analysis was cancelled.')));
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (reply: AnalysisWorkerReply) =>
      settle(() => {
        if ('error' in reply) return reject(new Error(`Computing the analysis failed: ${reply.error}`));
        resolve({ report: AnalysisReportSchema.parse(reply.report), inputsVersion: reply.inputsVersion });
      }),
    );
    worker.once('error', (error) => settle(() => reject(new Error(`The analysis worker failed: ${error.message}`, { cause: error }))));
    worker.once('exit', (code) => settle(() => reject(new Error(`The analysis worker stopped (exit code ${code}) before it finished.`))));
  });
}
