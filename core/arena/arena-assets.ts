import { extname } from 'node:path';
import type { Database } from 'better-sqlite3';
import { contentTypeOf } from '../runs/bundles/content-types.ts';
import { frameCaptureFileName } from '../runs/bundles/frame-capture-file-name.ts';
import { runFilesAtTurn, type RunTurnStore } from '../runs/trajectory/run-turn.ts';
import { findRunFile } from '../store/run-repository.ts';
import { listTaskFrames } from '../store/task-repository.ts';
import { findPresentationByToken, hasLiveVote } from '../store/vote-repository.ts';
import { sidesFor } from './assign-sides.ts';
import { invitesEnded } from './invites.ts';

/**
 * Each side's live build gets an origin of its own, `http://<token>-<side>.localhost:PORT`, so it
 * is served at the root it was built for (root-relative links work), and the two sides of a pair
 * share nothing. Browsers resolve every `*.localhost` name to the loopback address themselves.
 *
 * A browser on another machine cannot resolve this machine's `*.localhost`: when the asset origin
 * is another host (the address a remote voter reached the app at), the URL is the asset server's
 * `/s/<token>/<side>/` entry, which opens a port of that side's own on the same interface and
 * redirects there (`http://HOST:SIDEPORT/`), so the build is still at an origin's root.
 */
export function buildSiteUrl(assetOrigin: string, token: string, side: 'left' | 'right'): string {
  const url = new URL(assetOrigin);
  if (url.hostname !== 'localhost') return `${url.protocol}//${url.host}/s/${token}/${side}/`;
  return `${url.protocol}//${token}-${side}.${url.hostname}:${url.port}/`;
}

/** The token, side and path inside the build an asset server's `/s/<token>/<side>/...` entry names, or undefined. */
export function parseBuildSiteEntry(path: string): { token: string; side: 'left' | 'right'; rest: string } | undefined {
  const match = /^\/s\/([0-9a-f]{32})\/(left|right)(\/.*)?$/.exec(path);
  return match ? { token: match[1] as string, side: match[2] as 'left' | 'right', rest: match[3] ?? '/' } : undefined;
}

/** Whether a presentation still awaits its vote (known token, no live vote): a remote side's port stays open only then. */
export function isPresentationOpen(db: Database, token: string): boolean {
  const presentation = findPresentationByToken(db, token);
  return presentation !== undefined && !hasLiveVote(db, presentation.id);
}

/** The token and side a build-site host name (`<token>-<side>.localhost`) names, or undefined. */
export function parseBuildSiteHost(hostname: string): { token: string; side: 'left' | 'right' } | undefined {
  const match = /^([0-9a-f]{32})-(left|right)\.localhost$/.exec(hostname);
  return match ? { token: match[1] as string, side: match[2] as 'left' | 'right' } : undefined;
}

/** A frame's file in a run's `frames/`, as the importer stored it. */
export const frameAssetName = frameCaptureFileName;

export interface ArenaAsset {
  sha256: string;
  contentType: string;
}

/**
 * The blob behind an arena asset URL path (after `/a/`): `<token>/gt/<i>`,
 * `<token>/<left|right>/frame/<i>`, `<token>/<left|right>/video` or
 * `<token>/<left|right>/site/<path in the build>` (what a build-site origin's paths map to). The token names one presentation; the side is
 * resolved through its stored shown order, so the URL never names a run; its files are the
 * presentation's turn of that run (as the run ended when it has none). Unknown → undefined.
 * Site paths follow static hosting: a folder gives its index.html, and an unknown path without an
 * extension gives the build's index.html (client-side routes).
 */
export function resolveArenaAsset(store: RunTurnStore, assetPath: string, now: Date = new Date()): ArenaAsset | undefined {
  const { db } = store;
  const [token, first, second, ...rest] = assetPath.split('/');
  if (!token || !first) return undefined;
  const presentation = findPresentationByToken(db, token);
  // A revoked or expired link's URLs stop with it: asked for each request, as its RPC calls are.
  if (!presentation || invitesEnded(db, presentation.annotator_id, now)) return undefined;
  const frames = listTaskFrames(db, presentation.task_id);
  if (first === 'gt') {
    const frame = frames[indexOf(second)];
    return frame ? { sha256: frame.gt_sha256, contentType: 'image/png' } : undefined;
  }
  if (first !== 'left' && first !== 'right') return undefined;
  const runId = sidesFor({ runA: presentation.run_a, runB: presentation.run_b }, presentation.shown_order)[first];
  const turnFiles = presentation.turn === null ? undefined : new Map(runFilesAtTurn(store, runId, presentation.turn).map((row) => [row.path, row]));
  const file = (path: string): ArenaAsset | undefined => {
    const row = turnFiles ? turnFiles.get(path) : findRunFile(db, runId, path);
    return row ? { sha256: row.sha256, contentType: contentTypeOf(path) } : undefined;
  };
  if (second === 'frame' && rest.length === 1) {
    const frame = frames[indexOf(rest[0])];
    return frame ? file(`frames/${frameAssetName(frame.node_id)}`) : undefined;
  }
  if (second === 'video' && rest.length === 0) return file('video.mp4') ?? file('video.webm');
  if (second !== 'site') return undefined;
  let inside: string;
  try {
    inside = rest.map((part) => decodeURIComponent(part)).join('/');
  } catch {
    return undefined;
  }
  if (inside.split('/').some((part) => part === '..' || part === '.') || inside.includes('\0')) return undefined;
  const trimmed = inside.replace(/\/+$/, '');
  return (
    (trimmed === '' ? undefined : file(`dist/${trimmed}`)) ??
    file(trimmed === '' ? 'dist/index.html' : `dist/${trimmed}/index.html`) ??
    (extname(trimmed) === '' ? file('dist/index.html') : undefined)
  );
}

function indexOf(text: string | undefined): number {
  return text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : -1;
}
