import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ArenaItem } from '../../schemas/arena.ts';
import { rpcContract } from '../../schemas/rpc.ts';
import { demoDatasetDir } from '../app-paths.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { createInvite } from '../arena/invites.ts';
import { pngChunk } from '../runs/bundles/bundle-files.fixture.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';

// What a harness leaves in the PNGs it writes: enough to tell the two sides of a pair apart.
const TELLTALE = ['claude-code', 'sonnet', 'Codex CLI', '2026:11:30'];

let root: string;
let api: Api;
let server: RunningHttpServer;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-blind-images-'));
});

afterEach(async () => {
  await server?.close();
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The PNG's chunks as [type, data], checking every CRC on the way. */
function chunksOf(png: Buffer): [string, Buffer][] {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const chunks: [string, Buffer][] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of chunk at ${at}`).toBe(crc32(typeAndData));
    chunks.push([typeAndData.subarray(0, 4).toString('latin1'), Buffer.from(typeAndData.subarray(4))]);
    at += 12 + length;
  }
  return chunks;
}

/** The pixels' compressed stream: what tells images apart whatever chunks surround it. */
const imageDataOf = (chunks: [string, Buffer][]) => Buffer.concat(chunks.filter(([type]) => type === 'IDAT').map(([, data]) => data)).toString('base64');

/** A harness's PNG: the image's own chunks, with metadata chunks around them and bytes after IEND. */
function withMetadata(png: Buffer, side: string): Buffer {
  // The signature and IHDR (always 13 bytes of data) come first; the rest is copied as it is.
  const afterHeader = 8 + 12 + 13;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('tEXt', Buffer.from(`Software\0claude-code 2.1 (${side}) model claude-sonnet-4-5`, 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 30, 12, 0, 0])),
    pngChunk('iTXt', Buffer.from('Comment\0\0\0\0\0Codex CLI wrote this', 'utf8')),
    pngChunk('eXIf', Buffer.from('MM\0*\0\0\0\x082026:11:30 sonnet', 'latin1')),
    pngChunk('prVt', Buffer.from('sonnet private chunk', 'latin1')),
    png.subarray(afterHeader),
    Buffer.from('claude-code trailing bytes after IEND'),
  ]);
}

it('serves a voter every frame and ground-truth image without the metadata chunks that would unblind the pair, CRCs intact', async () => {
  const arena = join(root, 'arena');
  cpSync(join(demoDatasetDir, 'arena'), arena, { recursive: true });
  const originals = new Map<string, [string, Buffer][]>();
  const pngs = [
    ...readdirSync(join(arena, 'bundles')).flatMap((bundle) => {
      try {
        return readdirSync(join(arena, 'bundles', bundle, 'frames')).map((name) => join(arena, 'bundles', bundle, 'frames', name));
      } catch {
        return [];
      }
    }),
    ...readdirSync(join(arena, 'tasks', 'figma-pricing', 'ground_truth')).filter((name) => name.endsWith('.png')).map((name) => join(arena, 'tasks', 'figma-pricing', 'ground_truth', name)),
  ];
  expect(pngs.length).toBeGreaterThan(6);
  for (const [index, path] of pngs.entries()) {
    const png = readFileSync(path);
    originals.set(imageDataOf(chunksOf(png)), chunksOf(png));
    writeFileSync(path, withMetadata(png, `side-${index}`));
  }

  api = createApi(openWorkspace(join(root, 'workspace')));
  await importBundles(api.context.workspace, [arena], { captureMissingFrames: false });
  server = await startHttpServer({ api, port: 0, token: 'owner-token-0123456789abcdef', rendererDir: join(root, 'renderer') });
  const voter = createInvite(api.context.workspace.db, { name: 'Ada', expiresInDays: 14 }).token;
  const rpc = async (method: string, input: unknown) =>
    (await fetch(`http://127.0.0.1:${server.port}/rpc/${method}`, { method: 'POST', headers: { Authorization: `Bearer ${voter}`, 'Content-Type': 'application/json' }, body: JSON.stringify(input) })).json();

  const served: Buffer[] = [];
  for (let i = 0; i < 12; i++) {
    const item: ArenaItem | null = rpcContract['arena.nextPair'].output.parse(await rpc('arena.nextPair', {})).item;
    if (!item) break;
    const urls = [...item.frames.map((frame) => frame.gtUrl), ...item.left.frameUrls, ...item.right.frameUrls].filter((url): url is string => url !== null);
    for (const url of urls) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      served.push(Buffer.from(await res.arrayBuffer()));
    }
    await rpc('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 1 });
  }
  expect(served.length).toBeGreaterThan(6);
  for (const png of served) {
    for (const telltale of TELLTALE) expect(png.includes(telltale), telltale).toBe(false);
    const chunks = chunksOf(png);
    // Exactly the image's own chunks, in order, byte for byte.
    const original = originals.get(imageDataOf(chunks));
    expect(original).toBeDefined();
    expect(chunks).toEqual(original);
  }
}, 60_000);
