import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { BundleError } from '../files-inside-folder.ts';
import { frameCaptureFileName } from './frame-capture-file-name.ts';
import type { OutputBundle } from './read-output-bundle.ts';

/** Largest single artifact file kept (bytes); a bigger one fails its bundle with this number. */
export const MAX_BUNDLE_FILE_BYTES = 200 * 1024 * 1024;
/** Largest bundle (all artifacts together). */
export const MAX_BUNDLE_BYTES = 1024 * 1024 * 1024;
/** Most files in one bundle's dist/. */
export const MAX_BUNDLE_FILES = 20_000;

/** One file an output bundle brings into the blob store. */
export interface BundleArtifact {
  /** Path inside the bundle, '/'-separated: dist/..., frames/<file>.png, video.<ext>. */
  path: string;
  absolute: string;
}

/**
 * The files of a bundle that are kept (its build, frames and video), in path order; a bundle over
 * a size or file-count limit is refused as a whole, naming the limit.
 */
export function listBundleArtifacts(bundle: OutputBundle): BundleArtifact[] {
  const artifacts: BundleArtifact[] = [];
  if (bundle.dist !== undefined) walkDist(bundle.dist, bundle.dist, artifacts);
  for (const frame of bundle.frames) artifacts.push({ path: `frames/${frameCaptureFileName(frame.nodeId)}`, absolute: frame.path });
  if (bundle.video !== undefined) artifacts.push({ path: basename(bundle.video), absolute: bundle.video });
  let total = 0;
  for (const artifact of artifacts) {
    const size = statSync(artifact.absolute).size;
    if (size > MAX_BUNDLE_FILE_BYTES) {
      throw new BundleError(artifact.absolute, undefined, `${artifact.absolute}: ${mib(size)} is over the ${mib(MAX_BUNDLE_FILE_BYTES)} limit per file. Nothing of this bundle was imported; shrink or remove the file.`);
    }
    total += size;
  }
  if (total > MAX_BUNDLE_BYTES) {
    throw new BundleError(bundle.dir, undefined, `${bundle.dir}: its artifacts total ${mib(total)}, over the ${mib(MAX_BUNDLE_BYTES)} limit per bundle. Nothing was imported; remove what the arena does not need.`);
  }
  return artifacts.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

function walkDist(root: string, folder: string, out: BundleArtifact[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const absolute = join(folder, entry.name);
    const info = statSync(absolute); // links were checked to stay inside dist/ by readOutputBundle
    if (info.isDirectory()) walkDist(root, absolute, out);
    else if (info.isFile()) out.push({ path: `dist/${relative(root, absolute).split(sep).join('/')}`, absolute });
    if (out.length > MAX_BUNDLE_FILES) {
      throw new BundleError(root, undefined, `${root}: more than ${MAX_BUNDLE_FILES} files in dist/. Nothing was imported; ship a built site, not its sources and node_modules.`);
    }
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
