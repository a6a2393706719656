import { existsSync } from 'node:fs';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { exportJobResult, EXPORT_JOB_KIND } from '../../export/export-job.ts';
import { PUSH_FLAG_WORDS, type HubPushWords } from '../../export/hub/hub-push-words.ts';
import { startHubPushJob } from '../../export/hub-push-job.ts';
import { checkedHubUrl } from '../../export/hub/hub-settings.ts';
import { findHubToken } from '../../export/hub/hub-token.ts';
import { checkHubRepoName } from '../../export/hub/hub-repo-name.ts';
import { findJob } from '../../store/job-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { callerInServerProcess } from '../caller.ts';

/** The Export screen's words for what a push's refusal points at: its fields, and the app's own Hub address. */
const SCREEN_WORDS: HubPushWords = {
  repo: 'the Repository field',
  repoGiven: (repo) => `The repository “${repo}”`,
  repoField: 'repo',
  revision: 'the Branch field',
 
  hubUrl: 'the Hub address the app was started with',
  again: 'Push again',
};

/**
 * Pushes the folder a finished export job wrote to a dataset repository on the Hub, as a job.
 * The folder is the job's (never a path from the caller); the Hub's address and the token are
 * the server's own (context.hub), so no caller can send the token elsewhere. Over HTTP only a
 * browser on the server machine may call it (`usesServerHubToken`); voters never can.
 */
export function exportPush(input: RpcParsedInput<'export.push'>, ctx: ApiContext): RpcOutput<'export.push'> {
  const folder = finishedExportFolder(input.exportJobId, ctx);
  const words = callerInServerProcess() ? PUSH_FLAG_WORDS : SCREEN_WORDS;
  checkHubRepoName(input.repo, words);
  const hubUrl = checkedHubUrl(ctx.hub.url, ctx.hub.urlSource);
  const token = findHubToken(ctx.hub.env, { serverRunning: !callerInServerProcess() });
  const job = startHubPushJob(ctx.jobs, { folder, repo: input.repo, token, hubUrl, private: input.private, words, ...(input.revision ? { revision: input.revision } : {}) });
  return { jobId: job.id, datasetUrl: `${hubUrl}/datasets/${input.repo}` };
}

/** Where the server pushes and whence its token, without the token. */
export function exportPushSettings(_input: RpcParsedInput<'export.pushSettings'>, ctx: ApiContext): RpcOutput<'export.pushSettings'> {
  try {
    return { hubUrl: ctx.hub.url, tokenSource: findHubToken(ctx.hub.env, { serverRunning: !callerInServerProcess() }).source };
  } catch (error) {
    if (error instanceof LhbError) return { hubUrl: ctx.hub.url, tokenProblem: error.message };
    throw error;
  }
}

/** The folder of the export job `jobId`, once it has finished writing it; otherwise a refusal saying what to do. */
function finishedExportFolder(jobId: string, ctx: ApiContext): string {
  const job = findJob(ctx.workspace.db, jobId);
  if (!job || job.kind !== EXPORT_JOB_KIND) throw new LhbError('not_found', `No dataset export ${jobId} in this workspace: export the dataset first, then push what it wrote. Nothing was sent.`, { field: 'exportJobId' });
  if (job.state !== 'succeeded') {
    const why = job.state === 'running' || job.state === 'queued' ? 'is still writing its folder: push once it has finished' : `${job.state === 'cancelled' ? 'was cancelled' : 'failed'} and left no folder: export again, then push`;
    throw new LhbError('conflict', `That export ${why}. Nothing was sent.`, { field: 'exportJobId' });
  }
  const result = exportJobResult(ctx.jobs, jobId);
  if (!result) throw new LhbError('not_found', 'This server no longer knows which folder that export wrote (it was restarted, or many exports ran since): export again, then push. Nothing was sent.', { field: 'exportJobId' });
  if (!existsSync(result.outDir)) throw new LhbError('conflict', `The folder that export wrote, ${result.outDir}, is gone: export again, then push. Nothing was sent.`, { field: 'exportJobId' });
  return result.outDir;
}
