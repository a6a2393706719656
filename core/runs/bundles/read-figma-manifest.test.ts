import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, solidPng, validFigmaManifest, writeFiles } from './bundle-files.fixture.ts';
import { readFigmaTask } from './read-figma-manifest.ts';
import { BundleError } from '../files-inside-folder.ts';

let root: string;
let cleanup: () => void;
let task: string;

beforeEach(() => {
  ({ dir: root, cleanup } = makeTempDir('figma-task'));
  task = join(root, 'task');
});
afterEach(() => cleanup());

function writeTask(manifest: unknown = validFigmaManifest, images: Record<string, string | Buffer> = {}): void {
  writeFiles(task, {
    'ground_truth/manifest.json': typeof manifest === 'string' ? manifest : JSON.stringify(manifest, null, 2),
    'ground_truth/home.png': solidPng(4, 3),
    'ground_truth/frames/pricing.png': solidPng(),
    ...images,
  });
}

function bundleErrorOf(read: () => unknown): BundleError {
  try {
    read();
  } catch (error) {
    if (error instanceof BundleError) return error;
    throw error;
  }
  throw new Error('expected a BundleError');
}

const manifestFile = (): string => join(task, 'ground_truth', 'manifest.json');

describe('readFigmaTask', () => {
  it('reads a task, resolving each ground-truth image under ground_truth/', () => {
    writeTask();
    const read = readFigmaTask(task);
    expect(read.taskDir).toBe(task);
    expect(read.manifest).toEqual(validFigmaManifest);
    expect(read.frames).toEqual([
      { ...validFigmaManifest.frames[0], gtImagePath: join(task, 'ground_truth', 'home.png') },
      { ...validFigmaManifest.frames[1], gtImagePath: join(task, 'ground_truth', 'frames', 'pricing.png') },
    ]);
  });

  it('also accepts gt_image relative to the task folder', () => {
    const [home, pricing] = validFigmaManifest.frames;
    writeTask({ ...validFigmaManifest, frames: [{ ...home, gt_image: 'ground_truth/home.png' }, pricing] });
    expect(readFigmaTask(task).frames[0]?.gtImagePath).toBe(join(task, 'ground_truth', 'home.png'));
  });

  it('a missing manifest', () => {
    writeFiles(task, { 'ground_truth/home.png': solidPng() });
    const error = bundleErrorOf(() => readFigmaTask(task));
    expect(error.file).toBe(manifestFile());
    expect(error.message).toMatch(/manifest\.json: missing\. A Figma-to-code task keeps its frames list in ground_truth\/manifest\.json/);
  });

  it('malformed JSON, with its position', () => {
    writeTask('{"figma_file_key": "k", "total_frames": 1,');
    expect(bundleErrorOf(() => readFigmaTask(task)).message).toMatch(/manifest\.json: not valid JSON \(.*line 1, column 43\)/);
  });

  it('total_frames that disagrees with the frames list', () => {
    writeTask({ ...validFigmaManifest, total_frames: 3 });
    const error = bundleErrorOf(() => readFigmaTask(task));
    expect(error.field).toBe('total_frames');
    expect(error.message).toMatch(/manifest\.json: total_frames: says 3 but frames lists 2\. Fix it so manifest\.json is/);
  });

  it('a repeated node id, naming the second frame', () => {
    const [home] = validFigmaManifest.frames;
    writeTask({ ...validFigmaManifest, frames: [home, { ...home, name: 'Home again' }] });
    const error = bundleErrorOf(() => readFigmaTask(task));
    expect(error.field).toBe('frames[1].node_id');
    expect(error.message).toMatch(/frames\[1\]\.node_id: "1:2" repeats frames\[0\]\.node_id/);
  });

  it('a bad field deep in a frame', () => {
    const [home, pricing] = validFigmaManifest.frames;
    writeTask({ ...validFigmaManifest, frames: [home, { ...pricing, viewport: { width: 0, height: 900 }, target_route: 'pricing' }] });
    const error = bundleErrorOf(() => readFigmaTask(task));
    expect(error.message).toMatch(/frames\[1\]\.target_route: must start with "\/"/);
    expect(error.message).toMatch(/frames\[1\]\.viewport\.width: /);
  });

  it('a ground-truth image that is missing', () => {
    const [home, pricing] = validFigmaManifest.frames;
    writeTask({ ...validFigmaManifest, frames: [home, { ...pricing, gt_image: 'nope.png' }] });
    const error = bundleErrorOf(() => readFigmaTask(task));
    expect(error.file).toBe(manifestFile());
    expect(error.field).toBe('frames[1].gt_image');
    expect(error.message).toMatch(/frames\[1\]\.gt_image "nope\.png" not found \(looked in ground_truth\/ and in the task folder\)\. Add the PNG or fix the path/);
  });

  it('a ground-truth image that is not a PNG', () => {
    writeTask(validFigmaManifest, { 'ground_truth/home.png': Buffer.from('GIF89a...') });
    const error = bundleErrorOf(() => readFigmaTask(task));
    expect(error.file).toBe(join(task, 'ground_truth', 'home.png'));
    expect(error.field).toBe('frames[0].gt_image');
    expect(error.message).toMatch(/home\.png \(frames\[0\]\.gt_image in .*manifest\.json\): not a PNG \(it starts with 47 49 46 38/);
  });

  it('refuses a ground-truth image outside the task folder, by path or by link', () => {
    writeFiles(root, { 'outside.png': solidPng() });
    const [home, pricing] = validFigmaManifest.frames;
    writeTask({ ...validFigmaManifest, frames: [{ ...home, gt_image: '../../outside.png' }, pricing] });
    const byPath = bundleErrorOf(() => readFigmaTask(task));
    expect(byPath.field).toBe('frames[0].gt_image');
    expect(byPath.message).toMatch(/"\.\.\/\.\.\/outside\.png" resolves outside the task folder/);

    writeTask({ ...validFigmaManifest, frames: [{ ...home, gt_image: 'linked.png' }, pricing] });
    symlinkSync(join(root, 'outside.png'), join(task, 'ground_truth', 'linked.png'));
    expect(bundleErrorOf(() => readFigmaTask(task)).message).toMatch(/"linked\.png" resolves outside the task folder/);
  });

  it('refuses an absolute gt_image', () => {
    const [home, pricing] = validFigmaManifest.frames;
    writeTask({ ...validFigmaManifest, frames: [{ ...home, gt_image: join(task, 'ground_truth', 'home.png') }, pricing] });
    expect(bundleErrorOf(() => readFigmaTask(task)).message).toMatch(/frames\[0\]\.gt_image ".*" is an absolute path/);
  });
});
