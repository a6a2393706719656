import { statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { FigmaManifestSchema, type FigmaFrame, type FigmaManifest } from '../../../schemas/bundles.ts';
import { assertPngFile } from './png-file.ts';
import { BundleError, readJsonFile, resolveFolder, resolveInside } from '../files-inside-folder.ts';

/**
 * A Figma-to-code task folder (issue 4):
 *
 * ```
 * ground_truth/manifest.json   {figma_file_key, total_frames, frames:[{name, node_id, gt_image, target_route, viewport?}]}
 * ground_truth/<gt_image>      one PNG per frame (2× exports)
 * ```
 *
 * `gt_image` is relative to the manifest's folder (ground_truth/); a path relative to the task
 * folder (`ground_truth/home.png`) is accepted too. Either way the image must resolve, links
 * included, inside the task folder.
 */
export interface FigmaTask {
  /** The task folder, resolved (realpath). */
  taskDir: string;
  manifest: FigmaManifest;
  /** In manifest order. */
  frames: FigmaTaskFrame[];
}

export interface FigmaTaskFrame extends FigmaFrame {
  /** Absolute path of the ground-truth PNG, checked to exist and to be a PNG. */
  gtImagePath: string;
}

const MANIFEST_FIX =
  'Fix it so manifest.json is {figma_file_key, total_frames, frames:[{name, node_id, gt_image, target_route, viewport?}]} and load the task again.';

/** Reads and checks a Figma-to-code task; throws BundleError naming the file and field at fault. */
export function readFigmaTask(taskDir: string): FigmaTask {
  const root = resolveFolder(taskDir, 'Figma task');
  const manifestFile = join(root, 'ground_truth', 'manifest.json');
  const manifestReal = resolveInside(root, join('ground_truth', 'manifest.json'));
  if (manifestReal === undefined || !statSync(manifestReal).isFile()) {
    throw new BundleError(
      manifestFile,
      undefined,
      `${manifestFile}: missing. A Figma-to-code task keeps its frames list in ground_truth/manifest.json; add it or pick the task's folder.`,
    );
  }
  const manifest = readJsonFile(manifestReal, FigmaManifestSchema, MANIFEST_FIX);
  const frames = manifest.frames.map((frame, index) => ({
    ...frame,
    gtImagePath: resolveGroundTruthImage(root, manifestFile, frame.gt_image, `frames[${index}].gt_image`),
  }));
  return { taskDir: root, manifest, frames };
}

function resolveGroundTruthImage(root: string, manifestFile: string, gtImage: string, field: string): string {
  const at = `${manifestFile}: ${field} "${gtImage}"`;
  if (isAbsolute(gtImage)) {
    throw new BundleError(manifestFile, field, `${at} is an absolute path. Give it relative to ground_truth/ and keep the image in the task folder.`);
  }
  let real: string | undefined;
  try {
    real = resolveInside(root, join('ground_truth', gtImage)) ?? resolveInside(root, gtImage);
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    throw new BundleError(manifestFile, field, `${at} resolves outside the task folder ${root}. Copy the image into ground_truth/ instead of pointing or linking out.`);
  }
  if (real === undefined) {
    throw new BundleError(manifestFile, field, `${at} not found (looked in ground_truth/ and in the task folder). Add the PNG or fix the path.`);
  }
  if (!statSync(real).isFile()) {
    throw new BundleError(manifestFile, field, `${at} is a folder, not a PNG. Point it at the frame's PNG export.`);
  }
  try {
    assertPngFile(real, `${real} (${field} in ${manifestFile})`, 'Export the frame from Figma again as PNG.');
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    throw new BundleError(real, field, error.message);
  }
  return real;
}
