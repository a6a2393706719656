import type { HubPushEvent } from '../export/hub/push-folder-to-hub.ts';
import { byteSizeText } from '../../schemas/byte-size-text.ts';
import { StatusLine } from './status-line.ts';

const BAR_WIDTH = 24;

/**
 * What `lhb export hf --push` says while it uploads, on stderr: a progress bar over the bytes on
 * a terminal (like `lhb runs start`'s), and a plain line per step and per large file otherwise,
 * so a log shows which files were sent and which the Hub already held.
 */
export function hubPushProgress(live = process.stderr.isTTY === true): { onEvent(event: HubPushEvent): void; clear(): void } {
  const bar = new StatusLine({ live, fit: true });
  const say = (line: string) => {
    bar.clear();
    process.stderr.write(`${line}\n`);
  };
  let total = 0;
  let done = 0;
  let lfsFiles = 0;
  const showBar = (doing: string) => {
    const filled = total === 0 ? 0 : Math.round((done / total) * BAR_WIDTH);
    bar.show(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${total === 0 ? 0 : Math.floor((100 * done) / total)}% of ${byteSizeText(total)}  ${doing}`);
  };
  return {
    onEvent(event) {
      if (event.kind === 'repo') return say(event.created ? `Created the dataset repository ${event.url}.` : `Pushing to ${event.url}, which exists.`);
      if (event.kind === 'card' && event.keptFromHub.length > 0) return say(`The card keeps these fields as they are on the Hub: ${event.keptFromHub.join(', ')}.`);
      if (event.kind === 'phase') {
        total = event.bytes;
        const words = { preuploading: `Asking the Hub how to store ${event.files} files (${byteSizeText(event.bytes)})…`, uploadingLargeFiles: 'Uploading the large files through LFS…', committing: 'Committing…' }[event.phase];
        return live ? showBar(words) : say(words);
      }
      if (event.kind === 'hashing') return showBar(`hashing ${event.path} ${Math.floor(event.progress * 100)}%`);
      if (event.kind === 'file') {
        done += event.bytes;
        lfsFiles += 1;
        if (!live) return say(`${event.path} (${byteSizeText(event.bytes)}): ${event.sent ? 'sent' : 'already on the Hub, not sent again'}`);
        return showBar(`${lfsFiles} large file${lfsFiles === 1 ? '' : 's'} on the Hub`);
      }
    },
    clear: () => bar.clear(),
  };
}
