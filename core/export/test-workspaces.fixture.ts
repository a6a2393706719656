import { join } from 'node:path';
import { expect } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';

/** Workspaces a test opens by name under one folder, closed together after it. */
export function testWorkspaces(folder: () => string): { open(name: string): Promise<Api>; closeAll(): Promise<void> } {
  const opened: Api[] = [];
  return {
    async open(name) {
      const api = await openApi(join(folder(), name), {});
      opened.push(api);
      return api;
    },
    async closeAll() {
      for (const api of opened.splice(0)) await api.close();
    },
  };
}

/** Waits for the workspace's jobs to settle and expects `jobId` to have succeeded (its message shown otherwise). */
export async function expectJobSucceeded(api: Api, jobId: string): Promise<void> {
  await api.context.jobs.idle();
  const { jobs } = await api.call('jobs.list', { limit: 50 });
  const job = jobs.find((candidate) => candidate.id === jobId)!;
  expect(job.state, job.message).toBe('succeeded');
}
