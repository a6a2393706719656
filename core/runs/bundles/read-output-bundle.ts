import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RunManifestSchema, type RunManifest } from '../../../schemas/bundles.ts';
import { assertPngFile } from './png-file.ts';
import { BundleError, resolveFolder, resolveInside, readJsonFile } from '../files-inside-folder.ts';

/**
 * An output bundle is one run's artifacts in a folder (issue 4):
 *
 * ```
 * run.json              {task_id, harness, harness_version?, model, versions, started_at, finished_at, status}
 * dist/index.html …     a static build (optional)
 * frames/<node>.png     one screenshot per Figma frame (optional)
 * video.mp4|video.webm  a rendered video (optional, at most one)
 * ```
 *
 * At least one of dist/, frames/ and video.* must be there.
 *
 * Frame file names: Figma node ids contain ':' and, for instance children, ';' (`12:34`,
 * `I5:6;7:8`), which not every file system accepts. Frame capture writes every character outside
 * `[A-Za-z0-9._-]` as '-' (`12-34.png`, `I5-6-7-8.png`); the raw id (`12:34.png`) and the
 * percent-encoded id (`12%3A34.png`) are accepted too. All three reduce to one key
 * ({@link frameFileKey}). Without the task's node ids, '-' is read back as ':' (exact for plain
 * ids, which never contain '-'); pass `nodeIds` to get the manifest's exact ids back and to
 * refuse a frame the task does not have.
 *
 * Nothing is followed out of the bundle: every path read is resolved with realpath and must stay
 * inside the bundle, and a link inside dist/ must stay inside dist/, because dist/ is served to
 * voters and a link to ../run.json would reveal the harness and model.
 */
export interface OutputBundle {
  /** The bundle folder, resolved (realpath). */
  dir: string;
  run: RunManifest;
  /** The static build folder, when `dist/index.html` exists. */
  dist?: string;
  /** Sorted by file name; empty when the bundle has no frames/. */
  frames: BundleFrame[];
  video?: string;
}

export interface ReadOutputBundleOptions {
  /** The task's node ids (its manifest's frames), to map file names back exactly. */
  nodeIds?: readonly string[];
  /** Accept a bundle without dist/, frames/ or video (one that brings its trajectory instead). */
  artifactsOptional?: boolean;
}

export interface BundleFrame {
  nodeId: string;
  /** Absolute path of the PNG. */
  path: string;
}


const VIDEO_NAMES = ['video.mp4', 'video.webm'] as const;
const RUN_JSON_FIX =
  'Fix it so run.json is {task_id, harness, harness_version?, model, versions, started_at, finished_at, status} and import the bundle again.';

/** Reads and checks an output bundle; throws {@link BundleError} naming the file and field at fault. */
export function readOutputBundle(dir: string, options: ReadOutputBundleOptions = {}): OutputBundle {
  const root = resolveFolder(dir, 'output bundle');
  const runFile = join(root, 'run.json');
  const runReal = resolveInside(root, 'run.json');
  if (runReal === undefined || !statSync(runReal).isFile()) {
    throw new BundleError(runFile, undefined, `${runFile}: missing. Every output bundle has a run.json at its top level; ${lowerFirst(RUN_JSON_FIX)}`);
  }
  const run = readJsonFile(runReal, RunManifestSchema, RUN_JSON_FIX);
  const dist = readDist(root);
  const frames = readFrames(root, options.nodeIds);
  const video = readVideo(root);
  if (dist === undefined && frames.length === 0 && video === undefined && options.artifactsOptional !== true) {
    throw new BundleError(
      root,
      undefined,
      `${root}: the bundle has no artifacts. Nothing was imported; add a dist/ with index.html, frames/<node_id>.png files or a video.mp4/video.webm next to run.json.`,
    );
  }
  return { dir: root, run, frames, ...(dist === undefined ? {} : { dist }), ...(video === undefined ? {} : { video }) };
}

/**
 * What a node id and the names of its frame file have in common: `12:34`, `12-34`, `12:34.png`,
 * `12-34.png` and `12%3A34.png` all give `12-34`.
 */
export function frameFileKey(nodeIdOrFileName: string): string {
  const stem = nodeIdOrFileName.replace(/\.png$/i, '');
  return decodePercent(stem).replace(/[^A-Za-z0-9._-]/g, '-');
}

/** The node id a frame file is for when the task's ids are not known (`12-34.png` → `12:34`), or undefined for a non-PNG name. */
export function nodeIdOfFrameFile(fileName: string): string | undefined {
  if (!/\.png$/i.test(fileName) || fileName.length <= 4) return undefined;
  const stem = fileName.slice(0, -4);
  return stem.includes('%') ? decodePercent(stem) : stem.replaceAll('-', ':');
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function readDist(root: string): string | undefined {
  const dist = resolveInside(root, 'dist');
  if (dist === undefined) return undefined;
  const shown = join(root, 'dist');
  if (!statSync(dist).isDirectory()) {
    throw new BundleError(shown, undefined, `${shown}: is a file; dist/ must be the folder of a static build. Rename or remove it.`);
  }
  const index = resolveInside(dist, 'index.html');
  if (index === undefined || !statSync(index).isFile()) {
    throw new BundleError(
      join(shown, 'index.html'),
      undefined,
      `${join(shown, 'index.html')}: missing. dist/ must be a static build with index.html at its root; rebuild it or remove dist/.`,
    );
  }
  refuseLinksOut(dist, dist);
  return dist;
}

/** Walks dist/ without following links, and refuses a link that leaves it (or points nowhere). */
function refuseLinksOut(distRoot: string, folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isSymbolicLink()) {
      if (resolveInside(distRoot, relative(distRoot, path)) === undefined) {
        fail(path, `${path}: a symbolic link that points nowhere. Remove it or copy the file it meant into dist/.`);
      }
    } else if (entry.isDirectory()) {
      refuseLinksOut(distRoot, path);
    }
  }
}

function readFrames(root: string, nodeIds: readonly string[] | undefined): BundleFrame[] {
  const idOfKey = nodeIds === undefined ? undefined : new Map(nodeIds.map((id) => [frameFileKey(id), id]));
  const folder = resolveInside(root, 'frames');
  if (folder === undefined) return [];
  const shownFolder = join(root, 'frames');
  if (!statSync(folder).isDirectory()) {
    throw new BundleError(shownFolder, undefined, `${shownFolder}: is a file; frames/ must be a folder of <node_id>.png files.`);
  }
  const fileOfKey = new Map<string, string>();
  const frames: BundleFrame[] = [];
  const names = readdirSync(folder)
    .filter((name) => !name.startsWith('.'))
    .sort();
  for (const name of names) {
    const shown = join(shownFolder, name);
    const guessed = nodeIdOfFrameFile(name);
    if (guessed === undefined) {
      fail(shown, `${shown}: not a frame. frames/ holds only <node_id>.png files (node 12:34 → 12-34.png); move or delete it.`);
    }
    const key = frameFileKey(name);
    const nodeId = idOfKey === undefined ? guessed : idOfKey.get(key);
    if (nodeId === undefined) {
      fail(shown, `${shown}: matches no frame of the task (its node ids: ${[...(idOfKey?.values() ?? [])].join(', ')}). Rename it after its node id or delete it.`);
    }
    const real = resolveInside(root, join('frames', name));
    if (real === undefined || !lstatSync(real).isFile()) {
      fail(shown, `${shown}: not a file. frames/ holds only <node_id>.png files; move or delete it.`);
    }
    assertPngFile(real, shown, 'Capture or export the frame again as PNG.');
    const earlier = fileOfKey.get(key);
    if (earlier !== undefined) {
      fail(shown, `${shown}: a second frame for node ${nodeId} (after frames/${earlier}). Keep one of the two.`);
    }
    fileOfKey.set(key, name);
    frames.push({ nodeId, path: real });
  }
  return frames;
}

function readVideo(root: string): string | undefined {
  const found = VIDEO_NAMES.flatMap((name) => {
    const real = resolveInside(root, name);
    return real === undefined ? [] : [{ name, real }];
  });
  const [first, second] = found;
  if (first === undefined) return undefined;
  if (second !== undefined) {
    fail(join(root, second.name), `${join(root, second.name)}: the bundle has both ${first.name} and ${second.name}. Keep one video.`);
  }
  const stats = statSync(first.real);
  if (!stats.isFile() || stats.size === 0) {
    fail(join(root, first.name), `${join(root, first.name)}: ${stats.isFile() ? 'empty' : 'not a file'}. Render the video again or remove it.`);
  }
  return first.real;
}

function fail(file: string, message: string): never {
  throw new BundleError(file, undefined, message);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
