import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../schemas/jobs.ts';
import { HubStandIn } from '../../export/hub/hub-stand-in.fixture.ts';
import { filesInFolder } from '../../export/hub/push-folder-to-hub.ts';
import type { Api } from '../create-api.ts';
import { openApi } from '../open-api.ts';

// export.push as the Export screen calls it: an export job's id, never a path or a Hub address;
// the server's own Hub address and token (context.hub), against a local Hub stand-in.
let dir: string;
let api: Api;
let hub: HubStandIn;
let exportJobId: string;
let folder: string;

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => { throw new Error('the call was not refused'); },
    (caught: unknown) => caught as Error & { code?: string; field?: string },
  );

async function exportOnce(name: string): Promise<{ jobId: string; outDir: string }> {
  const { jobId } = await api.call('export.hf', { outDir: join(dir, name), subsets: ['runs', 'rubrics'], includeSynthetic: true });
  await api.context.jobs.finished(jobId);
  const { result } = await api.call('export.result', { jobId });
  if (!result) throw new Error(`the export ${name} ended without a result`);
  return { jobId, outDir: result.outDir };
}

/** Pushes and waits for the job's end; the job as it ended, what it sent or why it failed, and every progress report heard. */
async function pushAndWait(input: { repo: string; revision?: string; private?: boolean }) {
  const heard: Job[] = [];
  const stop = api.context.jobs.onEvent((event) => heard.push(event.job));
  try {
    const started = await api.call('export.push', { exportJobId, ...input });
    await api.context.jobs.finished(started.jobId);
    const job = heard.filter((seen) => seen.id === started.jobId).at(-1)!;
    return { started, job, progress: heard.filter((seen) => seen.id === started.jobId), ...(await api.call('export.pushResult', { jobId: started.jobId })) };
  } finally {
    stop();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-export-push-'));
  api = await openApi(join(dir, 'workspace'));
  hub = await new HubStandIn().start();
  api.context.hub = { url: hub.url, urlSource: 'the test', env: { HF_TOKEN: hub.token } };
  ({ jobId: exportJobId, outDir: folder } = await exportOnce('release'));
}, 240_000);
afterAll(async () => {
  await api?.close();
  await hub?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('export.push', () => {
  it('pushes the export job\'s folder to the server\'s Hub address, with progress in bytes and a link to the dataset', async () => {
    // A Hub that takes its time over the commit, so the report made once the large files are held is heard before the end on any machine.
    hub.delayCommits(500);
    const { started, job, progress, result, problem } = await pushAndWait({ repo: 'alice/release', private: true }).finally(() => hub.delayCommits(0));
    expect(started.datasetUrl).toBe(`${hub.url}/datasets/alice/release`);
    expect(problem).toBeNull();
    expect(job.state).toBe('succeeded');
    expect(result?.url).toBe(started.datasetUrl);
    expect(hub.repos.get('alice/release')?.private).toBe(true);
    const files = filesInFolder(folder);
    for (const path of files.filter((name) => name !== 'README.md')) expect(hub.file('alice/release', path)?.bytes.equals(readFileSync(join(folder, path))), path).toBe(true);
    const bytes = files.reduce((sum, path) => sum + readFileSync(join(folder, path)).length, 0);
    expect(job).toMatchObject({ done: bytes, total: bytes });
    // The bar moved by the large files as they arrived, before the end.
    expect(progress.some((seen) => seen.state === 'running' && seen.done > 0 && seen.done < bytes)).toBe(true);
    expect(job.message).toMatch(new RegExp(`^Pushed ${files.length} files \\(.+\\) to ${started.datasetUrl.replace(/\./g, '\\.')} on main\\.$`));
  });

  it('takes no Hub address from the caller: a hubUrl in the input is refused, and nothing reaches that address', async () => {
    const elsewhere = await new HubStandIn(hub.token).start();
    try {
      const error = await refusal(api.callUntrusted('export.push', { exportJobId, repo: 'alice/redirected', hubUrl: elsewhere.url }));
      expect(error.code).toBe('bad_request');
      expect(error.message).toContain('hubUrl');
      expect(elsewhere.requests).toEqual([]);
      expect(hub.repos.has('alice/redirected')).toBe(false);
    } finally {
      await elsewhere.stop();
    }
  });

  it('refuses an unknown export, a job of another kind and an unfinished export at the export, sending nothing', async () => {
    const before = hub.requests.length;
    expect(await refusal(api.call('export.push', { exportJobId: 'no-such-job', repo: 'alice/x' }))).toMatchObject({ code: 'not_found', field: 'exportJobId' });
    const { jobId: importJob } = await api.call('import.hf', { dir: join(dir, 'nowhere') });
    await api.context.jobs.finished(importJob);
    expect(await refusal(api.call('export.push', { exportJobId: importJob, repo: 'alice/x' }))).toMatchObject({ code: 'not_found', field: 'exportJobId' });
    const { jobId: running } = await api.call('export.hf', { outDir: join(dir, 'still-writing'), subsets: ['runs'] });
    const unfinished = await refusal(api.call('export.push', { exportJobId: running, repo: 'alice/x' }));
    expect(unfinished).toMatchObject({ code: 'conflict', field: 'exportJobId' });
    expect(unfinished.message).toMatch(/^That export is still writing its folder: push once it has finished\./);
    await api.context.jobs.finished(running);
    expect(hub.requests.length).toBe(before);
  });

  it('says what is wrong at the field it concerns, in the screen\'s words: the repository, the token, the Hub address', async () => {
    const name = await refusal(api.call('export.push', { exportJobId, repo: 'just-a-name' }));
    expect(name).toMatchObject({ code: 'bad_request', field: 'repo' });
    expect(name.message).toMatch(/^The repository “just-a-name”: give the dataset repository as OWNER\/NAME/);

    const saved = api.context.hub;
    try {
      api.context.hub = { ...saved, env: { HF_HOME: join(dir, 'no-hf-home') } };
      const none = await refusal(api.call('export.push', { exportJobId, repo: 'alice/x' }));
      expect(none).toMatchObject({ code: 'unauthorized', field: 'token' });
      expect(none.message).toMatch(/^No Hugging Face token on the machine running the app: log in there with `hf auth login`.*needs no restart/);
      expect(await api.call('export.pushSettings', {})).toMatchObject({ hubUrl: hub.url, tokenProblem: none.message });

      api.context.hub = { ...saved, env: { HF_TOKEN: 'hf_notTheStandInsToken00000000000000' } };
      const refused = await pushAndWait({ repo: 'alice/refused' });
      expect(refused.job.state).toBe('failed');
      expect(refused.problem).toMatchObject({ code: 'unauthorized', field: 'token' });
      expect(refused.problem?.message).toMatch(/^The Hub refused the token from the HF_TOKEN variable: /);

      const closed = await new HubStandIn().start();
      await closed.stop();
      api.context.hub = { ...saved, url: closed.url };
      const down = await pushAndWait({ repo: 'alice/down' });
      expect(down.problem).toMatchObject({ code: 'internal', field: 'hubUrl' });
      expect(down.problem?.message).toMatch(new RegExp(`^Could not reach ${closed.url.replace(/\./g, '\\.')} \\(ECONNREFUSED\\): check the Hub address the app was started with and the network\\. Push again once that is fixed`));
    } finally {
      api.context.hub = saved;
    }
    expect(await api.call('export.pushSettings', {})).toEqual({ hubUrl: hub.url, tokenSource: 'the HF_TOKEN variable' });
  });

  it('a push cancelled mid-upload changes nothing on the Hub, and the next one does not send again what arrived', async () => {
    // A Hub that holds none of the export's objects yet (the first test sent them to the shared one).
    const saved = api.context.hub;
    const hub = await new HubStandIn().start();
    api.context.hub = { url: hub.url, urlSource: 'the test', env: { HF_TOKEN: hub.token } };
    try {
      await cancelThenPushAgain(hub);
    } finally {
      api.context.hub = saved;
      await hub.stop();
    }
  });

  async function cancelThenPushAgain(hub: HubStandIn) {
    hub.holdLfsAfter(1);
    const { jobId } = await api.call('export.push', { exportJobId, repo: 'alice/resumed', revision: 'v2' });
    await expect.poll(() => hub.held, { timeout: 60_000 }).toBeGreaterThan(0);
    await api.call('jobs.cancel', { jobId });
    await api.context.jobs.finished(jobId);
    const cancelled = (await api.call('jobs.list', {})).jobs.find((job) => job.id === jobId);
    expect(cancelled).toMatchObject({ state: 'cancelled', message: expect.stringMatching(/^Cancelled before the commit: nothing changed on the Hub\./) });
    expect(hub.commits).toBe(0);
    expect(hub.repos.get('alice/resumed')?.branches.get('v2')?.has('README.md')).toBe(false);
    const arrived = [...hub.lfsObjects.keys()];
    expect(arrived).toHaveLength(1);

    hub.holdLfsAfter(Infinity);
    const again = await pushAndWait({ repo: 'alice/resumed', revision: 'v2' });
    expect(again.job.state).toBe('succeeded');
    for (const oid of arrived) expect(hub.lfsPuts.get(oid), oid).toBe(1);
    expect(again.result?.files.filter((file) => file.lfs && !file.sent).length).toBeGreaterThan(0);
    for (const path of filesInFolder(folder).filter((name) => name !== 'README.md')) expect(hub.file('alice/resumed', path, 'v2')?.bytes.equals(readFileSync(join(folder, path))), path).toBe(true);
  }

  it('refuses an invited voter before anything is read', async () => {
    const voter = { role: 'voter' as const, inviteId: 'i', annotatorId: 'a', annotatorName: 'Ann', expiresAt: '2999-01-01T00:00:00Z' };
    expect(await refusal(api.call('export.push', { exportJobId, repo: 'alice/voter' }, voter))).toMatchObject({ code: 'forbidden' });
    expect(hub.repos.has('alice/voter')).toBe(false);
  });
});
