import { findHubToken, type HubToken } from '../export/hub/hub-token.ts';
import { checkHubRepoName } from '../export/hub/hub-repo-name.ts';
import { pushFolderToHub, type HubPushResult } from '../export/hub/push-folder-to-hub.ts';
import { hubPushProgress } from './hub-push-progress.ts';

export interface HubPushOptions {
  /** `OWNER/NAME` of the dataset repository. */
  push: string;
  private?: boolean;
  revision?: string;
  hubUrl?: string;
}

/** The push's repository name checked and its token found, before anything is exported or sent (no token: nothing happens). */
export function prepareHubPush(options: HubPushOptions): HubToken {
  checkHubRepoName(options.push);
  return findHubToken(process.env);
}

/**
 * `lhb export hf --push OWNER/NAME`'s upload of the folder just exported, with progress on
 * stderr and a closing line saying where it went and what was sent.
 */
export async function pushExportedFolder(folder: string, token: HubToken, options: HubPushOptions, quiet: boolean): Promise<HubPushResult> {
  const progress = hubPushProgress();
  // Ctrl+C stops the upload before its commit, so the temporary folder is removed and the Hub is left as it was.
  const interrupt = new AbortController();
  const onCtrlC = () => interrupt.abort();
  process.on('SIGINT', onCtrlC);
  try {
    const result = await pushFolderToHub({
      signal: interrupt.signal,
      folder,
      repo: options.push,
      token,
      ...(options.hubUrl ? { hubUrl: options.hubUrl } : {}),
      ...(options.revision ? { revision: options.revision } : {}),
      private: options.private === true,
      onEvent: quiet ? undefined : progress.onEvent,
    });
    progress.clear();
    if (!quiet) {
      const lfs = result.files.filter((file) => file.lfs);
      const kept = lfs.filter((file) => !file.sent).length;
      process.stderr.write(
        `Pushed ${result.files.length} files to ${result.url} (${result.revision}): ${lfs.length} through LFS${kept > 0 ? `, ${kept} of them already on the Hub and not sent again` : ''}. Commit: ${result.commitUrl}\n`,
      );
    }
    return result;
  } catch (error) {
    if (!interrupt.signal.aborted) throw error;
    throw new Error(`The push to ${options.push} was interrupted before its commit: nothing changed on the Hub. Run the same command again to go on; the large files that arrived are not sent again.`, { cause: error });
  } finally {
    process.off('SIGINT', onCtrlC);
    progress.clear();
  }
}
