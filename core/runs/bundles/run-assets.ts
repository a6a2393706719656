import { extname } from 'node:path';
import type { Database } from 'better-sqlite3';
import { findRunFile, listRunFiles } from '../../store/run-repository.ts';
import { findTask, listTaskFrames } from '../../store/task-repository.ts';
import { contentTypeOf } from './content-types.ts';
import { frameCaptureFileName } from './frame-capture-file-name.ts';

/**
 * A researcher's view of one run's artifacts on the asset server. The build is served at the
 * root of `http://<token>-run.localhost:PORT/` (its own site, like an arena side's), frames and
 * video under `http://localhost:PORT/r/<token>/…`. The token stands for one run and is known only
 * to this process (see RunAssetTokens); nothing here is reachable from the app's origin.
 */
export function runSiteOrigin(assetOrigin: string, token: string): string {
  const url = new URL(assetOrigin);
  return `${url.protocol}//${token}-run.${url.hostname}:${url.port}`;
}

/** The token a run-site host name (`<token>-run.localhost`) names, or undefined. */
export function parseRunSiteHost(hostname: string): string | undefined {
  return /^([0-9a-f]{32})-run\.localhost$/.exec(hostname)?.[1];
}

export interface RunFrameAsset {
  /** The file in the run (`frames/12-34.png`). */
  path: string;
  name: string;
  route: string | null;
}

/** The run's frame screenshots: the task's frames in order where the run has them, then any other PNG under frames/. */
export function listRunFrameAssets(db: Database, runId: string, taskId: string): RunFrameAsset[] {
  const files = new Set(listRunFiles(db, runId).map((file) => file.path).filter((path) => path.startsWith('frames/') && extname(path).toLowerCase() === '.png'));
  const frames: RunFrameAsset[] = [];
  if (findTask(db, taskId)) {
    for (const frame of listTaskFrames(db, taskId)) {
      const path = `frames/${frameCaptureFileName(frame.node_id)}`;
      if (!files.delete(path)) continue;
      frames.push({ path, name: `${frame.name} (${frame.node_id})`, route: frame.target_route });
    }
  }
  for (const path of [...files].sort()) frames.push({ path, name: path.slice('frames/'.length), route: null });
  return frames;
}

/**
 * The blob behind a run asset path (after the token): `site/<path in the build>` with static
 * hosting's rules (a folder gives its index.html, an unknown extension-less path the build's
 * index.html), `frames/<file>.png`, or `video`. Anything else → undefined.
 */
export function resolveRunAsset(db: Database, runId: string, assetPath: string): { sha256: string; contentType: string } | undefined {
  let parts: string[];
  try {
    parts = assetPath.split('/').map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  if (parts.some((part) => part === '..' || part === '.' || part.includes('\0'))) return undefined;
  const file = (path: string) => {
    const row = findRunFile(db, runId, path);
    return row ? { sha256: row.sha256, contentType: contentTypeOf(path) } : undefined;
  };
  const [kind, ...rest] = parts;
  if (kind === 'video' && rest.length === 0) return file('video.mp4') ?? file('video.webm');
  if (kind === 'frames' && rest.length === 1 && extname(rest[0]!).toLowerCase() === '.png') return file(`frames/${rest[0]}`);
  if (kind !== 'site') return undefined;
  const inside = rest.join('/').replace(/\/+$/, '');
  return (
    (inside === '' ? undefined : file(`dist/${inside}`)) ??
    file(inside === '' ? 'dist/index.html' : `dist/${inside}/index.html`) ??
    (extname(inside) === '' ? file('dist/index.html') : undefined)
  );
}
