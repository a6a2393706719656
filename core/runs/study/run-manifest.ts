import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileNotFollowing } from '../sandbox/agent-written-files.ts';

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
  const file = join(folder, 'manifest.json');
  writeFileNotFollowing(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
