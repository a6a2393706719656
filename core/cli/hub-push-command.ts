import { byteSizeText } from '../../schemas/byte-size-text.ts';
import type { HubPushResult } from '../../schemas/hub-push.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { Api } from '../api/create-api.ts';
import { checkedHubUrl } from '../export/hub/hub-settings.ts';
import { followJob } from './follow-job.ts';
import { StatusLine } from './status-line.ts';

export interface HubPushOptions {
  /** `OWNER/NAME` of the dataset repository. */
  push: string;
  private?: boolean;
  revision?: string;
  hubUrl?: string;
}

const BAR_WIDTH = 24;

/**
 * Before anything is exported: `--hub-url` becomes this process's Hub setting (the command is
 * the server of its own calls), and the token is looked for through the API, so without one
 * nothing is exported or sent.
 */
export async function prepareHubPush(api: Api, options: HubPushOptions): Promise<void> {
  if (options.hubUrl) api.context.hub = { ...api.context.hub, url: checkedHubUrl(options.hubUrl, '--hub-url'), urlSource: '--hub-url' };
  const settings = await api.call('export.pushSettings', {});
  if (settings.tokenProblem) throw new LhbError('unauthorized', settings.tokenProblem, { field: 'token' });
}

/**
 * `lhb export hf --push OWNER/NAME`'s upload of the folder the export job wrote, through
 * export.push as the Export screen's: a bar over the bytes on a terminal, Ctrl+C cancelling the
 * job before its commit, then a line per large file (sent, or already on the Hub) and where it went.
 */
export async function pushExportedFolder(api: Api, exportJobId: string, options: HubPushOptions, quiet: boolean): Promise<HubPushResult> {
  const { jobId } = await api.call('export.push', { exportJobId, repo: options.push, private: options.private === true, ...(options.revision ? { revision: options.revision } : {}) });
  const bar = new StatusLine({ live: process.stderr.isTTY === true, fit: true });
  const job = await followJob(api.context.jobs, jobId, {
    onEvent: (running) => {
      if (quiet || running.state !== 'running') return;
      const filled = running.total === 0 ? 0 : Math.round((running.done / running.total) * BAR_WIDTH);
      bar.show(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${running.total === 0 ? 0 : Math.floor((100 * running.done) / running.total)}% of ${byteSizeText(running.total)}  ${running.message}`);
    },
    ctrlC: {},
    statusLine: bar,
  });
  if (job?.state === 'cancelled') {
    throw new Error(`The push to ${options.push} was interrupted before its commit: nothing changed on the Hub. Run the same command again to go on; the large files that arrived are not sent again.`);
  }
  const { result, problem } = await api.call('export.pushResult', { jobId });
  if (!result) throw problem ? new LhbError(problem.code, problem.message, { field: problem.field }) : new Error(job?.message ?? `The push job ${jobId} ended without a result.`);
  if (!quiet) {
    const lfs = result.files.filter((file) => file.lfs);
    for (const file of lfs) process.stderr.write(`${file.path} (${byteSizeText(file.bytes)}): ${file.sent ? 'sent' : 'already on the Hub, not sent again'}\n`);
    const kept = lfs.filter((file) => !file.sent).length;
    if (result.keptFromHub.length > 0) process.stderr.write(`The card keeps these fields as they are on the Hub: ${result.keptFromHub.join(', ')}.\n`);
    process.stderr.write(
      `Pushed ${result.files.length} files to ${result.url} (${result.revision}): ${lfs.length} through LFS${kept > 0 ? `, ${kept} of them already on the Hub and not sent again` : ''}. Commit: ${result.commitUrl}\n`,
    );
  }
  return result;
}
