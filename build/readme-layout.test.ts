import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's Layout section is how a newcomer finds a room, so a folder added (or moved) without
// it fails here rather than leaving the map wrong. Only rooms are checked: the top level, core's
// rooms, the runs engine's and the judge's parts, and the renderer's folders, not data or fixtures.
const root = fileURLToPath(new URL('..', import.meta.url));
const NOT_OURS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.git', '.lhb-workspace']);
const ROOM_PARENTS = ['core', 'core/runs', 'core/judge', 'renderer'];
const NOT_ROOMS = new Set(['fixtures', 'migrations', '__snapshots__']);

function folders(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_OURS.has(entry.name) && !NOT_ROOMS.has(entry.name))
    .map((entry) => entry.name);
}

function layoutBlock(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /^## Layout\n+```\n([\s\S]*?)```/m.exec(readme);
  if (!block) throw new Error('README.md has no "## Layout" section with a code block.');
  return block[1]!;
}

describe("the README's Layout section", () => {
  const named = new Set(layoutBlock().match(/(?<![\w/.-])[\w.-]+\//g) ?? []);

  it('names every top-level folder', () => {
    expect(folders('.').filter((name) => !named.has(`${name}/`))).toEqual([]);
  });

  it.each(ROOM_PARENTS)('names every room in %s/', (parent) => {
    expect(folders(parent).filter((name) => !named.has(`${name}/`))).toEqual([]);
  });
});
