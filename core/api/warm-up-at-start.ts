import { DEFAULT_NORMALISER_WORKERS } from '../sources/normaliser-pool.ts';
import { warmNormaliseWorkersAtStart } from '../sources/warm-normalise-workers.ts';
import type { Api } from './create-api.ts';

/**
 * What the app starts in the background once it serves (lhb serve, Electron), so that the screens
 * a user reaches first find their work done: each installed harness CLI asked its version (kept
 * per binary, for the New study form) and the source normaliser's workers started and warmed (for
 * the first import). Neither is waited for, nor keeps the process alive. Resolves when both are done.
 */
export function warmUpAtAppStart(api: Api): Promise<void> {
  const versions = api.call('harnesses.list', {}).then(
    () => undefined,
    () => undefined,
  );
  return Promise.all([versions, warmNormaliseWorkersAtStart(DEFAULT_NORMALISER_WORKERS)]).then(() => undefined);
}
