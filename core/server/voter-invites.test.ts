import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArenaItem } from '../../schemas/arena.ts';
import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { isVoterMethod, rpcContract, RPC_METHODS } from '../../schemas/rpc.ts';
import { demoDatasetDir } from '../app-paths.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { createInvite } from '../arena/invites.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';

const OWNER_TOKEN = 'owner-token-0123456789abcdef';

let root: string;
let api: Api;
let server: RunningHttpServer;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'lhb-voter-invites-'));
  api = createApi(openWorkspace(join(root, 'workspace')));
  await importBundles(api.context.workspace, [join(demoDatasetDir, 'arena')], { captureMissingFrames: false });
  server = await startHttpServer({ api, port: 0, token: OWNER_TOKEN, rendererDir: join(root, 'renderer'), heartbeatMs: 50 });
});

afterEach(async () => {
  await server.close();
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

async function rpc(token: string, method: string, input: unknown = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/rpc/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: await res.json() };
}

const invite = (name: string, now?: Date, days = 14) => createInvite(api.context.workspace.db, { name, expiresInDays: days }, now).token;
const errorOf = (body: unknown) => RpcErrorBodySchema.parse(body).error;

describe('invite links over HTTP', () => {
  it('answers 403 to a voter for every method of the contract outside the voter set, naming the method', async () => {
    const token = invite('Ada');
    const closed = RPC_METHODS.filter((method) => !isVoterMethod(method));
    // The set is declared in the contract: anything else, including what is added later, is closed.
    expect(closed.length).toBeGreaterThan(40);
    expect(RPC_METHODS.filter(isVoterMethod).sort()).toEqual(['arena.nextPair', 'arena.undoLastVote', 'arena.vote', 'arena.votes', 'session.whoami']);
    for (const method of closed) {
      const res = await rpc(token, method, {});
      expect(res.status, method).toBe(403);
      const error = errorOf(res.body);
      expect(error.code).toBe('forbidden');
      expect(error.message).toContain(method);
      expect(error.message).toContain('Ada');
    }
    // What they could have read or changed is untouched: no second annotator, no job.
    const owner = await rpc(OWNER_TOKEN, 'arena.annotators');
    expect((owner.body as { annotators: { name: string; synthetic: boolean }[] }).annotators.filter((a) => !a.synthetic).map((a) => a.name)).toEqual(['Ada']);
  });

  it("lets a voter see who they are, vote through pairs, list and undo their own votes, the annotator filled in from the link", async () => {
    const token = invite('Ada');
    const whoami = await rpc(token, 'session.whoami');
    expect(whoami.status).toBe(200);
    expect(whoami.body).toMatchObject({ role: 'voter', annotatorName: 'Ada' });
    const annotatorId = (whoami.body as { annotatorId: string }).annotatorId;

    for (let i = 0; i < 2; i++) {
      const next = await rpc(token, 'arena.nextPair', {});
      expect(next.status).toBe(200);
      const item = (next.body as { item: { token: string } | null }).item;
      expect(item).not.toBeNull();
      const vote = await rpc(token, 'arena.vote', { token: item!.token, choice: 'left', ratingLeft: 4, ratingRight: 2, timeOnItemMs: 1200 });
      expect(vote.status).toBe(200);
      expect((vote.body as { progress: { done: number } }).progress.done).toBe(i + 1);
    }
    const votes = await rpc(token, 'arena.votes', { annotatorId });
    expect((votes.body as { votes: unknown[] }).votes).toHaveLength(2);
    // Nothing about the order beyond what the page showed: not which run was drawn on the left.
    for (const vote of (votes.body as { votes: Record<string, unknown>[] }).votes) expect(Object.keys(vote).filter((key) => /order|run|harness|model/i.test(key))).toEqual([]);
    const undo = await rpc(token, 'arena.undoLastVote', {});
    expect(undo.body).toMatchObject({ undone: true, progress: { done: 1 } });

    // The owner's study panel counts the voter's votes like any other annotator's.
    const study = rpcContract['arena.study'].output.parse((await rpc(OWNER_TOKEN, 'arena.study')).body);
    expect(study.annotators.find((a) => a.name === 'Ada')?.done).toBe(1);
    expect(await rpc(OWNER_TOKEN, 'session.whoami')).toEqual({ status: 200, body: { role: 'owner' } });
  });

  it("answers 403 when a voter names another annotator or votes on another annotator's pair", async () => {
    const ada = invite('Ada');
    const grace = invite('Grace');
    const graceId = ((await rpc(grace, 'session.whoami')).body as { annotatorId: string }).annotatorId;
    const gracePair = ((await rpc(grace, 'arena.nextPair', {})).body as { item: { token: string } }).item;

    for (const method of ['arena.nextPair', 'arena.votes', 'arena.undoLastVote']) {
      const res = await rpc(ada, method, { annotatorId: graceId });
      expect(res.status, method).toBe(403);
      expect(errorOf(res.body).message).toContain('cannot act for another annotator');
    }
    const vote = await rpc(ada, 'arena.vote', { token: gracePair.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 10 });
    expect(vote.status).toBe(403);
    const graceVotes = await rpc(OWNER_TOKEN, 'arena.votes', { annotatorId: graceId });
    expect((graceVotes.body as { votes: unknown[] }).votes).toHaveLength(0);
  });

  it('answers 401 to a revoked invite from its next request on, and to an expired one, keeping the votes', async () => {
    const token = invite('Ada');
    const id = ((await rpc(OWNER_TOKEN, 'arena.invites')).body as { invites: { id: string; status: string }[] }).invites[0]!;
    expect(id.status).toBe('active');
    const pair = ((await rpc(token, 'arena.nextPair', {})).body as { item: { token: string } }).item;
    expect((await rpc(token, 'arena.vote', { token: pair.token, choice: 'right', ratingLeft: 2, ratingRight: 5, timeOnItemMs: 5 })).status).toBe(200);

    const revoked = await rpc(OWNER_TOKEN, 'arena.revokeInvite', { inviteId: id.id });
    expect(revoked.body).toMatchObject({ status: 'revoked' });
    const after = await rpc(token, 'arena.nextPair', {});
    expect(after.status).toBe(401);
    expect(errorOf(after.body).message).toContain('revoked');
    expect((await rpc(token, 'session.whoami')).status).toBe(401);

    const old = invite('Grace', new Date(Date.now() - 3 * 24 * 3600 * 1000), 2);
    const expired = await rpc(old, 'session.whoami');
    expect(expired.status).toBe(401);
    expect(errorOf(expired.body).message).toContain('expired');

    const study = rpcContract['arena.study'].output.parse((await rpc(OWNER_TOKEN, 'arena.study')).body);
    expect(study.annotators.find((a) => a.name === 'Ada')?.done).toBe(1);
    const listed = rpcContract['arena.invites'].output.parse((await rpc(OWNER_TOKEN, 'arena.invites')).body).invites;
    expect(listed.map((i) => [i.annotatorName, i.status]).sort()).toEqual([
      ['Ada', 'revoked'],
      ['Grace', 'expired'],
    ]);
    // Tokens are never listed, and the workspace holds only their hashes.
    expect(JSON.stringify(listed)).not.toContain(token.slice(5));
    const stored = api.context.workspace.db.prepare('SELECT * FROM voter_invites').all();
    expect(JSON.stringify(stored)).not.toContain(token.slice(5));
  });

  it('stops serving the asset URLs an invite was shown once it is revoked or expires, while another live link\'s go on', async () => {
    const urlsShownTo = async (token: string) => {
      // The demo's pairs with frames (its Figma task) among the others: vote past those without.
      let item: ArenaItem | null = null;
      for (let i = 0; i < 8 && !item?.frames[0]?.gtUrl; i++) {
        item = rpcContract['arena.nextPair'].output.parse((await rpc(token, 'arena.nextPair', {})).body).item;
        if (item && !item.frames[0]?.gtUrl) await rpc(token, 'arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 1 });
      }
      if (!item) throw new Error('no pair with frames');
      const urls = [...item.frames.map((frame) => frame.gtUrl), ...item.left.frameUrls, ...item.right.frameUrls, item.left.videoUrl, item.right.videoUrl].filter((url): url is string => url !== null);
      expect(urls.length).toBeGreaterThan(2);
      return urls;
    };
    const statuses = async (urls: string[]) => Promise.all(urls.map(async (url) => (await fetch(url)).status));
    const ada = invite('Ada');
    const grace = invite('Grace');
    const adaUrls = await urlsShownTo(ada);
    const graceUrls = await urlsShownTo(grace);
    expect(new Set(await statuses(adaUrls))).toEqual(new Set([200]));

    const adaInvite = ((await rpc(OWNER_TOKEN, 'arena.invites')).body as { invites: { id: string; annotatorName: string }[] }).invites.find((i) => i.annotatorName === 'Ada')!;
    expect((await rpc(OWNER_TOKEN, 'arena.revokeInvite', { inviteId: adaInvite.id })).status).toBe(200);
    expect(new Set(await statuses(adaUrls))).toEqual(new Set([404]));
    expect(new Set(await statuses(graceUrls))).toEqual(new Set([200]));

    // Grace's link runs out (as if its 14 days had passed): her URLs stop too.
    api.context.workspace.db.prepare("UPDATE voter_invites SET expires_at = '2000-01-01T00:00:00.000Z' WHERE annotator_id = (SELECT id FROM annotators WHERE name = 'Grace')").run();
    expect(new Set(await statuses(graceUrls))).toEqual(new Set([404]));
  });

  it('marks a link\'s repeat votes, and the analysis counts one vote per annotator and pair unless asked to count them all', async () => {
    const stuffer = invite('Mallory');
    const annotatorId = ((await rpc(stuffer, 'session.whoami')).body as { annotatorId: string }).annotatorId;
    let cast = 0;
    // Every pair once, then the queue starts again from the top: 40 votes from one link.
    for (; cast < 40; cast++) {
      const item = rpcContract['arena.nextPair'].output.parse((await rpc(stuffer, 'arena.nextPair', { allowRepeats: true })).body).item;
      if (!item) break;
      expect((await rpc(stuffer, 'arena.vote', { token: item.token, choice: 'left', ratingLeft: 5, ratingRight: 1, timeOnItemMs: 5 })).status).toBe(200);
    }
    expect(cast).toBe(40);
    const votes = rpcContract['arena.votes'].output.parse((await rpc(stuffer, 'arena.votes', { annotatorId })).body).votes;
    const repeats = votes.filter((vote) => vote.repeat).length;
    expect(votes).toHaveLength(40);
    expect(repeats).toBeGreaterThan(20);

    const report = async (input: Record<string, unknown>) => rpcContract['analysis.report'].output.parse((await rpc(OWNER_TOKEN, 'analysis.report', { resamples: 100, excludeSynthetic: true, ...input })).body);
    const firstOnly = await report({});
    expect(firstOnly.study.votes).toBe(40 - repeats);
    expect(firstOnly.study.repeatVotes).toEqual({ counted: false, votes: repeats });
    const all = await report({ countRepeats: true });
    expect(all.study.votes).toBe(40);
    expect(all.study.repeatVotes).toEqual({ counted: true, votes: repeats });
  });

  it("refuses a voter's uploads, and gives a voter an event stream without the owner's jobs that ends when the invite is revoked", async () => {
    const token = invite('Ada');
    const upload = await fetch(`http://127.0.0.1:${server.port}/blobs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
      body: 'hello',
    });
    expect(upload.status).toBe(403);

    const voterStream = openStream(token);
    const ownerStream = openStream(OWNER_TOKEN);
    await Promise.all([voterStream.opened, ownerStream.opened]);
    expect((await rpc(OWNER_TOKEN, 'workspace.verify')).status).toBe(200);
    await waitUntil(() => ownerStream.text().includes('"succeeded"'));
    expect(voterStream.text()).not.toContain('data:');

    const id = ((await rpc(OWNER_TOKEN, 'arena.invites')).body as { invites: { id: string }[] }).invites[0]!.id;
    await rpc(OWNER_TOKEN, 'arena.revokeInvite', { inviteId: id });
    await voterStream.ended;
    ownerStream.close();
  });
});

function openStream(token: string) {
  let text = '';
  let close = () => {};
  let markOpened = () => {};
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const ended = new Promise<void>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: '/events', headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`/events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        markOpened();
      });
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
    close = () => req.destroy();
  });
  return { opened, ended, text: () => text, close: () => close() };
}

/** Waits for `test` to hold, for up to 30 s: a job's events come from the server, on its own time. */
async function waitUntil(test: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  expect(test()).toBe(true);
}

// A voter on another machine, honestly: the app binds every interface and the test connects through
// this machine's own non-loopback address (see remote-clients.test.ts).
const lanAddress = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

describe.skipIf(!lanAddress)('invite links from another machine', () => {
  it("gives a remote voter asset URLs at the address they reached the app at, and the asset server answers there with the same sandbox", async () => {
    await server.close();
    server = await startHttpServer({ api, host: '0.0.0.0', port: 0, token: OWNER_TOKEN, rendererDir: join(root, 'renderer') });
    const token = invite('Ada');
    const viaLan = async (method: string, input: unknown) => {
      const res = await fetch(`http://${lanAddress}:${server.port}/rpc/${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return { status: res.status, body: (await res.json()) as { item: ArenaItem | null } };
    };
    let item: ArenaItem | null = null;
    for (let i = 0; i < 6 && !item?.frames[0]?.gtUrl; i++) {
      item = (await viaLan('arena.nextPair', {})).body.item;
      if (item && !item.frames[0]?.gtUrl) await viaLan('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 1 });
    }
    const gtUrl = item?.frames[0]?.gtUrl;
    expect(gtUrl).toMatch(new RegExp(`^http://${lanAddress!.replaceAll('.', '\\.')}:\\d+/a/[0-9a-f]{32}/gt/0$`));
    const image = await fetch(gtUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox allow-scripts allow-forms');
    // An unknown presentation token names nothing.
    expect((await fetch(gtUrl!.replace(/\/a\/[0-9a-f]{32}\//, `/a/${'0'.repeat(32)}/`))).status).toBe(404);
    // A browser on this machine still gets the loopback asset origin.
    const local = ((await rpc(token, 'arena.nextPair', {})).body as { item: ArenaItem }).item;
    expect(local.frames[0]?.gtUrl ?? local.left.siteUrl ?? '').toMatch(/^http:\/\/(localhost|[0-9a-f]{32}-(left|right)\.localhost):\d+\//);
  });
});

describe.skipIf(!lanAddress)("a remote voter's live builds", () => {
  it('opens each side at the root of a port of its own on the address the voter reached, sandboxed, for its own presentations only, and closes it once voted', async () => {
    await server.close();
    server = await startHttpServer({ api, host: '0.0.0.0', port: 0, token: OWNER_TOKEN, rendererDir: join(root, 'renderer') });
    const token = invite('Ada');
    const viaLan = async (method: string, input: unknown) => {
      const res = await fetch(`http://${lanAddress}:${server.port}/rpc/${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return (await res.json()) as { item: ArenaItem | null };
    };
    let item: ArenaItem | null = null;
    // A Figma pair: both sides are live builds with routes (the chapter task's presentations are single pages).
    const wanted = (candidate: ArenaItem | null) => candidate?.kind === 'figma' && Boolean(candidate.left.siteUrl && candidate.right.siteUrl);
    for (let i = 0; i < 12 && !wanted(item); i++) {
      item = (await viaLan('arena.nextPair', {})).item;
      if (item && !wanted(item)) await viaLan('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 1 });
    }
    expect(wanted(item), 'the arena offered a Figma pair with both builds').toBe(true);
    const assetPort = new URL(server.assetOrigin!).port;
    const lan = lanAddress!.replaceAll('.', '\\.');
    expect(item!.left.siteUrl).toMatch(new RegExp(`^http://${lan}:${assetPort}/s/${item!.token}/left/$`));

    // The entry sends the browser to the build at the root of an origin of its own.
    const page = await fetch(item!.left.siteUrl!);
    expect(page.status).toBe(200);
    expect(page.redirected).toBe(true);
    const leftOrigin = new URL(page.url).origin;
    expect(page.url).toMatch(new RegExp(`^http://${lan}:\\d+/$`));
    expect([server.port, Number(assetPort)]).not.toContain(Number(new URL(page.url).port));
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain('sandbox allow-scripts allow-forms');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).toContain('<!doctype html>');
    // Root-relative URLs resolve inside the build, at its origin, with the same sandbox.
    const rootRelative = /href="(\/[a-z][^"]*)"/.exec(html)?.[1];
    expect(rootRelative).toBeDefined();
    const linked = await fetch(`${leftOrigin}${rootRelative}`);
    expect(linked.status).toBe(200);
    expect(linked.headers.get('content-security-policy')).toContain('sandbox allow-scripts allow-forms');
    expect(await linked.text()).toContain('<!doctype html>');
    // A route inside the build keeps its path through the entry.
    const viaEntry = await fetch(`${item!.left.siteUrl!}${rootRelative!.slice(1)}`);
    expect(viaEntry.url).toBe(`${leftOrigin}${rootRelative}`);

    // The other side is another origin; asking again reuses the open port.
    const right = await fetch(item!.right.siteUrl!);
    expect(right.status).toBe(200);
    expect(new URL(right.url).origin).not.toBe(leftOrigin);
    expect(new URL((await fetch(item!.left.siteUrl!)).url).origin).toBe(leftOrigin);

    // Another token names nothing; a side port answers only for the host names other machines use.
    expect((await fetch(item!.left.siteUrl!.replace(item!.token, '0'.repeat(32)))).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${new URL(leftOrigin).port}/`)).status).toBe(403);
    // The app's pages, served to that browser, may frame those ports (and nothing of the loopback sites).
    mkdirSync(join(root, 'renderer'), { recursive: true });
    writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
    const appPage = await fetch(`http://${lanAddress}:${server.port}/`);
    expect(appPage.headers.get('content-security-policy')).toContain(`frame-src http://${lanAddress}:${assetPort} http://${lanAddress}:*;`);

    // A loopback voter still gets the *.localhost origins.
    const local = ((await rpc(token, 'arena.nextPair', {})).body as { item: ArenaItem }).item;
    expect(local.token).toBe(item!.token);
    expect(local.left.siteUrl).toMatch(new RegExp(`^http://${item!.token}-left\\.localhost:${assetPort}/$`));

    // Once the pair is voted, its ports close when the next build is opened.
    await viaLan('arena.vote', { token: item!.token, choice: 'left', ratingLeft: 4, ratingRight: 2, timeOnItemMs: 1 });
    let next: ArenaItem | null = null;
    for (let i = 0; i < 8 && !next?.left.siteUrl; i++) {
      next = (await viaLan('arena.nextPair', {})).item;
      if (next && !next.left.siteUrl) await viaLan('arena.vote', { token: next.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 1 });
    }
    expect(next?.left.siteUrl).toBeTruthy();
    expect((await fetch(next!.left.siteUrl!)).status).toBe(200);
    await expect(fetch(`${leftOrigin}/`)).rejects.toThrow();
  });
});
