import { join } from 'node:path';
import { replaceRunFile } from '../run-file.ts';

/** A run folder's own record of where it got to, beside the store's: readable without the app. */
export interface RunFolderManifest {
  run_id: string;
  study_id: string;
  attempt: number;
  completed_steps: ('prepared' | 'executed' | 'parsed' | 'stored')[];
  status: string;
  updated_at: string;
  artifacts: string[];
}

export function writeRunManifest(folder: string, manifest: RunFolderManifest): void {
  replaceRunFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}
