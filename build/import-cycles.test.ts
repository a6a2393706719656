import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'lhb-import-cycles-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import circles', () => {
  it('no two of our files import each other, directly or round a longer loop', () => {
    const graph = importGraph(ROOT, ['core', 'schemas', 'renderer', 'electron', 'e2e', 'build']);
    expect(graph.size).toBeGreaterThan(500);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a loop through static imports, re-exports and import(), and leaves out type-only imports, which run nothing', () => {
    const root = tree({
      'core/a/adapter.ts': "import { parse } from '../b/parser.ts';\nexport const adapter = { parse };\n",
      'core/b/parser.ts': "export { helper } from './helper.ts';\nexport const parse = () => 1;\n",
      'core/b/helper.ts': "export const helper = async () => (await import('../a/adapter.ts')).adapter;\n",
      'core/c/store.ts': "import type { Slice } from './slice.ts';\nimport { makeSlice } from './slice.ts';\nexport type State = Slice;\nexport const store = makeSlice();\n",
      'core/c/slice.ts': "import type { State } from './store.ts';\nexport type Slice = { state?: State };\nexport const makeSlice = (): Slice => ({});\n",
    });
    expect(importCycles(importGraph(root, ['core']))).toEqual([['core/a/adapter.ts', 'core/b/helper.ts', 'core/b/parser.ts']]);
  });
});
