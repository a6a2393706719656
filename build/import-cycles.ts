// Finds circles between our source files: each file's relative imports that load it when the file
// runs (static, re-exports, side effects, dynamic `import()`) are edges, and every strongly connected
// group of two or more files, or a file importing itself, is a circle. `import type` is left out:
// TypeScript erases it, so it orders nothing at run time (a zustand store and its slices name each
// other's types). Used by build/import-cycles.test.ts on the whole tree.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
/** `import … from` / `export … from` (group 2 says `type`), `import('…')` and `import '…'`; the path is the last group. */
const STATEMENT = /\b(import|export)(\s+type)?\s[^;'"]*?\bfrom\s*(['"])(\.{1,2}\/[^'"]+)\3/g;
const LOADS = [/\bimport\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\1/g, /\bimport\s+(['"])(\.{1,2}\/[^'"]+)\1/g];

function runtimeImports(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(STATEMENT)) if (!match[2]) paths.push(match[4]!);
  for (const pattern of LOADS) for (const match of text.matchAll(pattern)) paths.push(match[2]!);
  return paths;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The relative imports of each file under `folders` (inside `root`), as paths relative to `root`. */
export function importGraph(root: string, folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of folders) {
    if (!existsSync(join(root, folder))) continue;
    for (const file of sourceFiles(join(root, folder))) {
      const text = readFileSync(file, 'utf8');
      const targets = new Set<string>();
      for (const path of runtimeImports(text)) {
        const target = resolve(dirname(file), path);
        if (existsSync(target) && statSync(target).isFile()) targets.add(relative(root, target));
      }
      graph.set(relative(root, file), [...targets]);
    }
  }
  return graph;
}

/** Every circle in the graph, each as its files sorted, the circles sorted (Tarjan's strongly connected components). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (start: string) => {
    // An explicit stack of [node, next edge to try], so a deep import chain cannot overflow the call stack.
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, at] = frame;
      const edges = graph.get(node) ?? [];
      if (at < edges.length) {
        frame[1] = at + 1;
        const next = edges[at]!;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) {
          low.set(node, Math.min(low.get(node)!, index.get(next)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || edges.includes(node)) cycles.push(group.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
