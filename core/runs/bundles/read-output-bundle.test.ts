import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, solidPng, validRunJson, writeFiles } from './bundle-files.fixture.ts';
import { BundleError } from '../files-inside-folder.ts';
import { frameFileKey, nodeIdOfFrameFile, readOutputBundle } from './read-output-bundle.ts';

let root: string;
let cleanup: () => void;
let bundle: string;

beforeEach(() => {
  ({ dir: root, cleanup } = makeTempDir('bundle'));
  bundle = join(root, 'bundle');
});
afterEach(() => cleanup());

const runJson = (overrides: Record<string, unknown> = {}): string => JSON.stringify({ ...validRunJson, ...overrides }, null, 2);

function bundleErrorOf(read: () => unknown): BundleError {
  try {
    read();
  } catch (error) {
    if (error instanceof BundleError) return error;
    throw error;
  }
  throw new Error('expected a BundleError');
}

/** validRunJson as read: its times in UTC (its finish was written at +02:00). */
const readRunJson = { ...validRunJson, started_at: '2025-05-01T10:00:00.000Z', finished_at: '2025-05-01T10:20:00.500Z' };

describe('readOutputBundle: valid bundles', () => {
  it('reads its start and finish as ISO 8601 in UTC, whatever offset run.json wrote them at', () => {
    writeFiles(bundle, { 'run.json': runJson({ started_at: '2025-05-01T07:00:00-03:00', finished_at: '2025-05-01T12:20:00.500+02:00' }), 'dist/index.html': '<!doctype html>' });
    const { run } = readOutputBundle(bundle);
    expect([run.started_at, run.finished_at]).toEqual(['2025-05-01T10:00:00.000Z', '2025-05-01T10:20:00.500Z']);
  });

  it('reads a static-build bundle', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'dist/index.html': '<!doctype html>', 'dist/assets/app.js': '' });
    const read = readOutputBundle(bundle);
    expect(read).toEqual({ dir: bundle, run: readRunJson, dist: join(bundle, 'dist'), frames: [] });
  });

  it('reads a frames bundle, mapping each accepted file-name form back to its node id', () => {
    writeFiles(bundle, {
      'run.json': runJson(),
      'frames/1-2.png': solidPng(),
      'frames/3:4.png': solidPng(),
      'frames/5%3A6.png': solidPng(),
      'frames/.DS_Store': 'finder',
    });
    const read = readOutputBundle(bundle);
    expect(read.frames).toEqual([
      { nodeId: '1:2', path: join(bundle, 'frames', '1-2.png') },
      { nodeId: '3:4', path: join(bundle, 'frames', '3:4.png') },
      { nodeId: '5:6', path: join(bundle, 'frames', '5%3A6.png') },
    ]);
    expect(read.dist).toBeUndefined();
    expect(read.video).toBeUndefined();
  });

  it("gives the manifest's exact ids back when told them, instance ids with ';' included", () => {
    writeFiles(bundle, { 'run.json': runJson(), 'frames/1-2.png': solidPng(), 'frames/I5-6-7-8.png': solidPng() });
    const read = readOutputBundle(bundle, { nodeIds: ['1:2', 'I5:6;7:8'] });
    expect(read.frames.map((frame) => frame.nodeId)).toEqual(['1:2', 'I5:6;7:8']);
  });

  it('reads a video bundle', () => {
    writeFiles(bundle, { 'run.json': runJson({ status: 'timeout' }), 'video.webm': Buffer.from([0x1a, 0x45, 0xdf, 0xa3]) });
    const read = readOutputBundle(bundle);
    expect(read.video).toBe(join(bundle, 'video.webm'));
    expect(read.run.status).toBe('timeout');
  });
});

describe('frame file names', () => {
  it('reduces node ids and every accepted file name to one key', () => {
    for (const name of ['12:34', '12-34', '12:34.png', '12-34.png', '12%3A34.png']) expect(frameFileKey(name)).toBe('12-34');
    expect(frameFileKey('I5:6;7:8')).toBe(frameFileKey('I5-6-7-8.png'));
    expect(nodeIdOfFrameFile('12-34.png')).toBe('12:34');
    expect(nodeIdOfFrameFile('notes.txt')).toBeUndefined();
  });
});

describe('readOutputBundle: errors name the file and field and say what to do', () => {
  it('a missing run.json', () => {
    writeFiles(bundle, { 'dist/index.html': '' });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.file).toBe(join(bundle, 'run.json'));
    expect(error.message).toMatch(/run\.json: missing\. Every output bundle has a run\.json/);
  });

  it('a missing bundle folder', () => {
    expect(bundleErrorOf(() => readOutputBundle(join(root, 'nope'))).message).toMatch(/nope: no such folder/);
  });

  it('malformed JSON, with its line and column', () => {
    writeFiles(bundle, { 'run.json': '{\n  "task_id": "t",\n  "model": "m",,\n}', 'dist/index.html': '' });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.file).toBe(join(bundle, 'run.json'));
    expect(error.message).toMatch(/run\.json: not valid JSON \(.* at line 3, column 16\)\. Fix it/);
  });

  it('a schema failure, naming the field path', () => {
    writeFiles(bundle, { 'run.json': runJson({ versions: { skill: 1 } }), 'dist/index.html': '' });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.field).toBe('versions.skill');
    expect(error.message).toMatch(/run\.json: versions\.skill: .*expected string/);
    expect(error.message).toMatch(/\{task_id, harness, harness_version\?, model, versions, started_at, finished_at, status\}/);
  });

  it('a missing field, a bad status and a bad date are all reported', () => {
    const { harness: _harness, ...withoutHarness } = validRunJson;
    writeFiles(bundle, {
      'run.json': JSON.stringify({ ...withoutHarness, status: 'done', started_at: 'yesterday' }),
      'dist/index.html': '',
    });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.field).toBe('harness');
    expect(error.message).toMatch(/harness: /);
    expect(error.message).toMatch(/started_at: /);
    expect(error.message).toMatch(/status: .*succeeded/);
  });

  it('finished before it started', () => {
    writeFiles(bundle, { 'run.json': runJson({ finished_at: '2025-05-01T09:00:00Z' }), 'dist/index.html': '' });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.field).toBe('finished_at');
    expect(error.message).toMatch(/finished_at: finished_at \(2025-05-01T09:00:00\.000Z\) is before started_at \(2025-05-01T10:00:00\.000Z\)/);
  });

  it('a bundle with no dist, frames or video', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'frames/.keep': '' });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.file).toBe(bundle);
    expect(error.message).toMatch(/no artifacts\. Nothing was imported; add a dist\/ with index\.html, frames\/<node_id>\.png files or a video/);
  });

  it('a dist/ without index.html', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'dist/app.js': '' });
    expect(bundleErrorOf(() => readOutputBundle(bundle)).message).toMatch(/dist\/index\.html: missing\. dist\/ must be a static build/);
  });

  it('a frames entry that is not a PNG by its bytes', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'frames/1-2.png': '<html>not a png</html>' });
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.file).toBe(join(bundle, 'frames', '1-2.png'));
    expect(error.message).toMatch(/1-2\.png: not a PNG \(it starts with 3c 68 74 6d.*\)\. Capture or export the frame again as PNG\./);
  });

  it('a frames entry that is not a .png file', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'frames/1-2.jpg': solidPng() });
    expect(bundleErrorOf(() => readOutputBundle(bundle)).message).toMatch(/1-2\.jpg: not a frame\. frames\/ holds only <node_id>\.png files/);
  });

  it('two files for one node', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'frames/1-2.png': solidPng(), 'frames/1:2.png': solidPng() });
    expect(bundleErrorOf(() => readOutputBundle(bundle)).message).toMatch(/a second frame for node 1:2 .*Keep one of the two/);
  });

  it('a frame the task does not have, when its node ids are given', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'frames/9-9.png': solidPng() });
    expect(bundleErrorOf(() => readOutputBundle(bundle, { nodeIds: ['1:2'] })).message).toMatch(/9-9\.png: matches no frame of the task \(its node ids: 1:2\)/);
  });

  it('two videos', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'video.mp4': 'a', 'video.webm': 'b' });
    expect(bundleErrorOf(() => readOutputBundle(bundle)).message).toMatch(/both video\.mp4 and video\.webm\. Keep one video/);
  });
});

describe('readOutputBundle: never leaves the bundle through a link', () => {
  it('refuses a frame linked to a PNG outside the bundle', () => {
    writeFiles(root, { 'outside.png': solidPng() });
    writeFiles(bundle, { 'run.json': runJson(), 'frames/.keep': '' });
    symlinkSync(join(root, 'outside.png'), join(bundle, 'frames', '1-2.png'));
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.file).toBe(join(bundle, 'frames', '1-2.png'));
    expect(error.message).toMatch(/resolves to .*outside\.png, outside .*bundle\. Nothing outside the folder is read/);
  });

  it('refuses a run.json linked from outside', () => {
    writeFiles(root, { 'elsewhere.json': runJson() });
    writeFiles(bundle, { 'dist/index.html': '' });
    symlinkSync(join(root, 'elsewhere.json'), join(bundle, 'run.json'));
    expect(bundleErrorOf(() => readOutputBundle(bundle)).message).toMatch(/run\.json: resolves to .*elsewhere\.json, outside/);
  });

  it('refuses a link inside dist/ that reaches the rest of the bundle, since dist/ is shown to voters', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'dist/index.html': '' });
    symlinkSync(join(bundle, 'run.json'), join(bundle, 'dist', 'run.json'));
    const error = bundleErrorOf(() => readOutputBundle(bundle));
    expect(error.file).toBe(join(bundle, 'dist', 'run.json'));
    expect(error.message).toMatch(/outside .*dist\./);
  });

  it('accepts a link that stays inside', () => {
    writeFiles(bundle, { 'run.json': runJson(), 'dist/index.html': '', 'dist/assets/a.js': '' });
    symlinkSync(join(bundle, 'dist', 'assets', 'a.js'), join(bundle, 'dist', 'b.js'));
    expect(readOutputBundle(bundle).dist).toBe(join(bundle, 'dist'));
  });
});
