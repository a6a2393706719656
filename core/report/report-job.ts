import type { Job } from '../../schemas/jobs.ts';
import type { ReportResult } from '../../schemas/report.ts';
import { formatCount } from '../../schemas/format-number.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import { ReportCancelledError, writeReport, type WriteReportInput } from './write-report.ts';

const results = new JobResults<ReportResult>();

/**
 * Writes a report as a job: progress per run page, Cancel between pages (a cancelled report leaves
 * nothing behind), and the result kept for reportJobResult(). `prepare` computes the analysis and
 * lists the runs inside the job, so the call that starts it answers at once.
 */
export function startReportJob(jobs: JobRunner, outDir: string, prepare: () => Omit<WriteReportInput, 'outDir'>): Job {
  let jobId = '';
  const job = jobs.start('report.write', `Write a report to ${outDir}`, async (progress) => {
    try {
      progress.report(0, 1, 'Computing the analysis');
      const result = await writeReport({ ...prepare(), outDir }, progress);
      results.keep(jobs, jobId, result);
      return {
        message: `Wrote the report to ${result.index}: ${formatCount(result.sections.length)} sections, ${formatCount(result.runs)} run pages, ${formatCount(result.frames)} frames${result.pdf ? ', and report.pdf' : ''}.`,
        done: result.runs,
        total: result.runs,
      };
    } catch (error) {
      if (error instanceof ReportCancelledError || progress.signal.aborted) return { message: `Cancelled. Nothing was written to ${outDir}; the partial folder was removed.` };
      throw error;
    }
  });
  jobId = job.id;
  return job;
}

export function reportJobResult(jobs: JobRunner, jobId: string): ReportResult | undefined {
  return results.get(jobs, jobId);
}
