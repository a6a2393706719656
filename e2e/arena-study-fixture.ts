import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './launch-app.ts';
import type { ServedApi } from './served-api.ts';

export const HOSTILE_FIXTURE = join(repoRoot, 'e2e', 'fixtures', 'arena', 'hostile');
const KEYBOARD_TASK = 'e2e-keyboard-task';

/**
 * A one-frame task with five runs by five configurations (ten pairs), frames included so no
 * capture is needed. Built from the hostile fixture's task and its benign build.
 */
export function writeKeyboardStudy(dir: string): string {
  const root = join(dir, 'keyboard-study');
  const task = join(root, 'task');
  cpSync(join(HOSTILE_FIXTURE, 'tasks', 'figma-hostile'), task, { recursive: true });
  writeFileSync(join(task, 'task.json'), JSON.stringify({ id: KEYBOARD_TASK, kind: 'figma', title: 'Harbour lights landing page', instruction: 'Build the landing page.' }));
  const gt = readFileSync(join(task, 'ground_truth', 'home.png'));
  for (let i = 1; i <= 5; i++) {
    const bundle = join(root, `bundle-${i}`);
    cpSync(join(HOSTILE_FIXTURE, 'bundles', 'benign', 'dist'), join(bundle, 'dist'), { recursive: true });
    mkdirSync(join(bundle, 'frames'));
    writeFileSync(join(bundle, 'frames', '7-1.png'), gt);
    writeFileSync(
      join(bundle, 'run.json'),
      JSON.stringify({ task_id: KEYBOARD_TASK, harness: `e2e-harness-${i}`, model: `e2e-model-${i}`, versions: { skill: `v${i}` }, started_at: '2025-01-01T00:00:00Z', finished_at: '2025-01-01T00:30:00Z', status: 'succeeded' }),
    );
  }
  return root;
}

export async function importRuns(api: ServedApi, paths: string[]): Promise<void> {
  const { jobId } = await api.call('runs.importPaths', { paths });
  const job = await api.waitForJob(jobId, 120_000);
  if (job.state !== 'succeeded') throw new Error(`Importing runs ${job.state}: ${job.message}`);
}
