import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ArenaItem } from '../../schemas/arena.ts';
import { rpcContract } from '../../schemas/rpc.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { createInvite } from '../arena/invites.ts';
import { fingerprintsIn } from '../judge/judging/harness-fingerprints.ts';
import { HARNESS_ADAPTERS } from '../runs/harnesses/harness-registry.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';

// The swapped-identity control for people: everything a voter is sent for each of the demo's
// pairs (the pair as `arena.nextPair` answers it, and every page of both sides' builds) goes
// through the fingerprint scan the judges' prompts go through (harness-fingerprints.ts), and is
// searched for the harnesses' ids and names. None may be found.

/** A GET to the server at 127.0.0.1 with the URL's own Host (each side is served at its own `*.localhost` origin). */
function get(url: string): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, headers: { host: target.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

let root: string;
let api: Api;
let server: RunningHttpServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lhb-voter-payloads-'));
  api = await openApi(join(root, 'workspace')); // seeds the demo, its arena bundles included
  server = await startHttpServer({ api, port: 0, token: 'owner-token-0123456789abcdef', rendererDir: join(root, 'renderer') });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

it("finds no harness fingerprint or name in anything a voter is sent for the demo's pairs", async () => {
  const voter = createInvite(api.context.workspace.db, { name: 'Ada', expiresInDays: 14 }).token;
  const rpc = async (method: string, input: unknown) =>
    (await fetch(`http://127.0.0.1:${server.port}/rpc/${method}`, { method: 'POST', headers: { Authorization: `Bearer ${voter}`, 'Content-Type': 'application/json' }, body: JSON.stringify(input) })).json();
  const names = Object.values(HARNESS_ADAPTERS)
    .filter((adapter) => adapter.npm !== undefined)
    .flatMap((adapter) => [adapter.id, adapter.displayName, ...adapter.aliases]);

  const payloads: { what: string; text: string }[] = [];
  const pages = new Set<string>();
  let queued = 0;
  for (let i = 0; i < 200; i++) {
    const answer: unknown = await rpc('arena.nextPair', {});
    const { item, progress } = rpcContract['arena.nextPair'].output.parse(answer) as { item: ArenaItem | null; progress: { total: number } };
    queued = progress.total;
    if (!item) break;
    payloads.push({ what: `pair ${i + 1}`, text: JSON.stringify(answer) });
    for (const side of [item.left, item.right]) {
      if (side.siteUrl === null) continue;
      for (const frame of item.frames) {
        const url = new URL(frame.route.replace(/^\//, ''), side.siteUrl).toString();
        if (pages.has(url)) continue;
        pages.add(url);
        const res = await get(url);
        expect(res.status, url).toBe(200);
        payloads.push({ what: url, text: res.body });
      }
    }
    await rpc('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5000 });
  }
  // Every pair of the voter's queue was seen (the demo's), and both sides' pages were fetched.
  expect(queued).toBeGreaterThanOrEqual(4);
  expect(payloads.filter((payload) => payload.what.startsWith('pair '))).toHaveLength(queued);
  expect(pages.size).toBeGreaterThanOrEqual(2 * queued);

  const found: string[] = [];
  for (const { what, text } of payloads) {
    for (const print of fingerprintsIn(text)) found.push(`${what}: ${print.kind} ${print.found}`);
    for (const name of names) if (new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i').test(text)) found.push(`${what}: name ${name}`);
  }
  expect(found).toEqual([]);
}, 120_000);
