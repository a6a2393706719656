import { z } from 'zod';

const KEY = 'lhb.jobs.dismissed';
/** The store lists recent jobs only; ids older than this many dismissals are long gone from it. */
const KEPT = 200;

/**
 * Finished jobs the user cleared from the Jobs panel, kept in this browser so a reload does not
 * bring them back. Only the panel forgets them: the jobs' records stay in the workspace.
 */
export function readDismissedJobs(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Set<string> {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(storage?.getItem(KEY) ?? '[]'));
    return new Set(parsed.success ? parsed.data : []);
  } catch {
    return new Set();
  }
}

export function writeDismissedJobs(ids: ReadonlySet<string>, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify([...ids].slice(-KEPT)));
  } catch {
    // Storage full or disabled: dismissing still works until the page reloads.
  }
}
