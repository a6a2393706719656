import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readSeedManifest } from './seed-manifest.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-seed-manifest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const room = { title: 'Pricing room', sources: ['brief.md'], chapters: [{ title: 'Plans' }] };
const write = (manifest: unknown) => writeFileSync(join(dir, 'workspace.json'), JSON.stringify(manifest));

it('reads a dataset folder written before the data room had one name (`course`) as its data room', () => {
  write({ project: { name: 'Old' }, course: room });
  const manifest = readSeedManifest(dir);
  expect(manifest.dataRoom?.title).toBe('Pricing room');
  expect(manifest.dataRoom?.chapters.map((chapter) => chapter.title)).toEqual(['Plans']);
  expect(manifest).not.toHaveProperty('course');
});

it('refuses a manifest that names its data room twice, saying which key to keep', () => {
  write({ project: { name: 'Both' }, dataRoom: room, course: room });
  expect(() => readSeedManifest(dir)).toThrow(/workspace\.json is not valid: course: says both dataRoom and course/);
});
