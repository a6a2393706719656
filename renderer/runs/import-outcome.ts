import type { Job } from '../../schemas/jobs.ts';

export type ImportPhase = 'starting' | 'importing' | 'succeeded' | 'partial' | 'failed' | 'cancelled' | 'invalid';

/** What the import form says once its job has ended: the job's summary, and what to do when it fell short. */
export function importOutcome(job: Pick<Job, 'state' | 'message'>): { phase: ImportPhase; message: string } {
  const summary = job.message.trim();
  if (job.state === 'succeeded') {
    // The summary lists "N failed: <reason> | <reason>" when some folders could not be imported.
    const someFailed = /\b\d+ failed\b/.test(summary);
    return someFailed
      ? { phase: 'partial', message: `${summary} The rest were imported. Fix the folders named above and import them again; imported ones stay unchanged.` }
      : { phase: 'succeeded', message: summary || 'The import finished.' };
  }
  if (job.state === 'cancelled') {
    return { phase: 'cancelled', message: `${summary || 'The import was cancelled.'} Folders imported before that are kept; press Import to do the rest (the others stay unchanged).` };
  }
  return { phase: 'failed', message: `Nothing was imported. ${summary || 'The import failed.'} Fix the paths above and press Import again.` };
}
