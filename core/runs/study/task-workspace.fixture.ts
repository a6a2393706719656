import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from './study-engine.fixture.ts';

/**
 * For each test of the file: a temp folder with a fresh workspace (no demo) holding the test task
 * `engine-task`, and the API over it; both are removed after the test.
 */
export function useTaskWorkspace(prefix: string): { readonly dir: string; readonly api: Api } {
  let dir = '';
  let api: Api | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    api = createApi(openWorkspace(join(dir, 'ws')));
    await importTestTask(api.context.workspace, dir);
  });
  afterEach(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get api() {
      return api!;
    },
  };
}
