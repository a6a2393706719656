import { byteSizeText } from '../../schemas/byte-size-text.ts';
import type { HubPushProblem, HubPushResult } from '../../schemas/hub-push.ts';
import type { Job } from '../../schemas/jobs.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { JobProgress, JobRunner } from '../jobs/job-runner.ts';
import { JobResults } from '../jobs/job-results.ts';
import type { HubPushWords } from './hub/hub-push-words.ts';
import type { HubToken } from './hub/hub-token.ts';
import type { HubPushEvent } from './hub/push-folder-to-hub.ts';

export const HUB_PUSH_JOB_KIND = 'export.push';

const results = new JobResults<HubPushResult>();
const problems = new JobResults<HubPushProblem>();

export interface HubPushJobInput {
  folder: string;
  repo: string;
  token: HubToken;
  hubUrl: string;
  revision?: string;
  private: boolean;
  words: HubPushWords;
}

/**
 * Runs a push as a job: progress in bytes (a large file counts once the Hub holds it; the small
 * ones travel in the commit), Cancel before the commit (nothing changes on the Hub then, and the
 * large files that arrived are not sent again by the next push), then what it sent for
 * hubPushJobResult(), or why it failed, with the field it concerns, for hubPushJobProblem().
 */
export function startHubPushJob(jobs: JobRunner, input: HubPushJobInput): Job {
  let jobId = '';
  const job = jobs.start(HUB_PUSH_JOB_KIND, `Push to the Hub: ${input.repo}`, async (jobProgress) => {
    const progress = withTrailingReport(jobProgress);
    let total = 0;
    let done = 0;
    let largeFiles = 0;
    let alreadyThere = 0;
    const onEvent = (event: HubPushEvent) => {
      if (event.kind === 'repo') return progress.report(done, total, event.created ? `Created ${event.url}.` : `Pushing to ${event.url}, which exists.`);
      if (event.kind === 'phase') {
        total = event.bytes;
        const words = { preuploading: `Asking the Hub how to store ${event.files} files (${byteSizeText(event.bytes)})…`, uploadingLargeFiles: 'Uploading the large files…', committing: 'Committing…' }[event.phase];
        return progress.report(done, total, words);
      }
      if (event.kind === 'hashing') return progress.report(done, total, `Reading ${event.path} (${Math.floor(event.progress * 100)}%)…`);
      if (event.kind === 'file') {
        done += event.bytes;
        largeFiles += 1;
        if (!event.sent) alreadyThere += 1;
        const kept = alreadyThere > 0 ? `, ${alreadyThere} already there from an earlier push` : '';
        return progress.report(done, total, `${largeFiles} large file${largeFiles === 1 ? '' : 's'} on the Hub${kept} (${byteSizeText(done)} of ${byteSizeText(total)}).`);
      }
    };
    try {
      // The Hub's client loads with the first push, not with every start of the app.
      const { pushFolderToHub } = await import('./hub/push-folder-to-hub.ts');
      const result = await pushFolderToHub({ ...input, signal: progress.signal, onEvent });
      results.keep(jobs, jobId, result);
      const lfs = result.files.filter((file) => file.lfs);
      const notSent = lfs.filter((file) => !file.sent).length;
      const bytes = result.files.reduce((sum, file) => sum + file.bytes, 0);
      return {
        message: `Pushed ${result.files.length} files (${byteSizeText(bytes)}) to ${result.url} on ${result.revision}${notSent > 0 ? `; ${notSent} large files were already there and not sent again` : ''}.`,
        done: bytes,
        total: bytes,
      };
    } catch (error) {
      if (jobProgress.signal.aborted) {
        return { message: 'Cancelled before the commit: nothing changed on the Hub. Push again to go on; the large files that arrived are not sent again.' };
      }
      if (error instanceof LhbError) problems.keep(jobs, jobId, { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) });
      throw error;
    } finally {
      progress.stop();
    }
  });
  jobId = job.id;
  return job;
}

/** Longer than the runner's progress interval, within which it drops a report. */
const TRAILING_REPORT_MS = 250;

/**
 * The runner writes progress at most every 100 ms and drops what comes sooner. A push reports in
 * bursts and may then wait long on one upload, so the last report of a burst is sent again a
 * little later: the bar and the words never stay behind what the push is doing.
 */
function withTrailingReport(progress: JobProgress): JobProgress & { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    signal: progress.signal,
    report(done, total, message) {
      progress.report(done, total, message);
      clearTimeout(timer);
      timer = setTimeout(() => progress.report(done, total, message), TRAILING_REPORT_MS);
    },
    stop: () => clearTimeout(timer),
  };
}

export const hubPushJobResult = (jobs: JobRunner, jobId: string): HubPushResult | undefined => results.get(jobs, jobId);

export const hubPushJobProblem = (jobs: JobRunner, jobId: string): HubPushProblem | undefined => problems.get(jobs, jobId);
