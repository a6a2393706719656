import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../schemas/arena.ts';
import { demoDatasetDir } from '../../app-paths.ts';
import { importBundles } from '../../runs/bundles/import-bundles.ts';
import { importTestTask } from '../../runs/study/study-engine.fixture.ts';
import { startHttpServer, type RunningHttpServer } from '../../server/http-server.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';

let dir: string;
let api: Api;
let server: RunningHttpServer;
let figmaRun: RunSummary;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-run-assets-'));
  api = createApi(openWorkspace(dir));
  await importBundles(api.context.workspace, [join(demoDatasetDir, 'arena')], { captureMissingFrames: false });
  server = await startHttpServer({ api, rendererDir: join(dir, 'no-renderer'), token: 't'.repeat(32) });
  const { runs } = await api.call('runs.list', { taskId: 'demo-figma-pricing' });
  figmaRun = runs.find((run) => run.frames > 0 && run.hasBuild)!;
});

afterAll(async () => {
  await server.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET with the Host header of the URL (fetch cannot send a *.localhost Host to 127.0.0.1). */
function get(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path: target.pathname, headers: { host: target.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('runs.assets', () => {
  it("serves a run's build at the root of its own sandboxed site, and its frames, under a token that is not the run id", async () => {
    expect(figmaRun).toBeDefined();
    const assets = await api.call('runs.assets', { runId: figmaRun.id });
    expect(assets.unavailable).toBeNull();
    expect(assets.runId).toBe(figmaRun.id);
    expect(assets.siteUrl).toMatch(/^http:\/\/[0-9a-f]{32}-run\.localhost:\d+\/$/);
    expect(assets.siteUrl).not.toContain(figmaRun.id);
    const page = await get(assets.siteUrl!);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts allow-forms');
    expect(page.body.toString('utf8')).toMatch(/<html/i);
    // A client-side route without an extension gives the build's index.html, as static hosting does.
    expect((await get(`${assets.siteUrl}some/client-route`)).body.toString('utf8')).toBe(page.body.toString('utf8'));

    expect(assets.frames).toHaveLength(figmaRun.frames);
    expect(assets.frames[0]!.name).toMatch(/\(\d+:\d+\)$/);
    const frame = await get(assets.frames[0]!.url);
    expect(frame.status).toBe(200);
    expect(frame.headers['content-type']).toBe('image/png');
    expect(frame.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('refuses what no token names, a path out of the build, and a token on the wrong host', async () => {
    const assets = await api.call('runs.assets', { runId: figmaRun.id });
    const token = /\/\/([0-9a-f]{32})-run\./.exec(assets.siteUrl!)![1]!;
    const origin = server.assetOrigin!;
    expect((await get(`${origin}/r/${'0'.repeat(32)}/site/`)).status).toBe(404);
    expect((await get(`${origin}/r/${token}/site/..%2F..%2Frun.json`)).status).toBe(404);
    expect((await get(`${origin}/r/${token}/frames/..%2Fdist%2Findex.html`)).status).toBe(404);
    expect((await get(`${origin}/r/${figmaRun.id}/site/`)).status).toBe(404);
    // The same run keeps its token, so the browser's cache stays useful.
    expect((await api.call('runs.assets', { runId: figmaRun.id })).siteUrl).toBe(assets.siteUrl);
  });

  it('names an unknown run, and says why when nothing can be served', async () => {
    await expect(api.call('runs.assets', { runId: 'no-such-run' })).rejects.toThrow(/No run no-such-run/);
    const cli = createApi(openWorkspace(join(dir, 'cli')));
    try {
      await importBundles(cli.context.workspace, [join(demoDatasetDir, 'arena')], { captureMissingFrames: false });
      const { runs } = await cli.call('runs.list', { taskId: 'demo-figma-pricing' });
      const assets = await cli.call('runs.assets', { runId: runs[0]!.id });
      expect(assets).toMatchObject({ siteUrl: null, videoUrl: null, frames: [] });
      expect(assets.unavailable).toMatch(/no asset server/);
    } finally {
      await cli.close();
    }
  });

  it("says a study run's artifacts come once it has finished", async () => {
    await importTestTask(api.context.workspace, dir, 'assets-task');
    const { studyId } = await api.call('runs.start', { tasks: ['assets-task'], configurations: [{ harness: 'command', model: 'm', command: 'sleep 30' }] });
    const runId = (await api.call('runs.study', { studyId })).runs[0]!.id;
    const assets = await api.call('runs.assets', { runId });
    expect(assets).toMatchObject({ runId: null, siteUrl: null, videoUrl: null, frames: [] });
    expect(assets.unavailable).toMatch(/^This run is (pending|running); its build, frames and video can be opened once it has finished/);
    await api.call('runs.cancel', { studyId });
    await api.context.jobs.idle();
  });
});
