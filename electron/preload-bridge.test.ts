import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PRELOAD_BRIDGE_KEYS } from './preload-bridge-keys.ts';

// Electron's binary is absent here and `require('electron')` would try to download it, so the
// preload is read as source: what it hands to contextBridge is what the page gets.
const PRELOAD_PATH = fileURLToPath(new URL('./preload.cts', import.meta.url));

interface Exposure {
  /** The name on `window`, e.g. 'lhb'. */
  name: string;
  /** The property names of the exposed object literal, sorted; null when it is not one. */
  keys: string[] | null;
}

/** Every `contextBridge.exposeInMainWorld(name, value)` in a source text, with the value's keys. */
function exposuresIn(sourceText: string): Exposure[] {
  const source = ts.createSourceFile('preload.cts', sourceText, ts.ScriptTarget.Latest, true);
  const initializers = new Map<string, ts.Expression>();
  const exposures: Exposure[] = [];
  const objectKeys = (expression: ts.Expression | undefined): string[] | null => {
    let node = expression;
    while (node && (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node))) node = node.expression;
    if (node && ts.isIdentifier(node)) return objectKeys(initializers.get(node.text));
    if (!node || !ts.isObjectLiteralExpression(node)) return null;
    const keys: string[] = [];
    for (const property of node.properties) {
      // A spread or computed name could smuggle in anything: refuse to call that a known shape.
      if (ts.isSpreadAssignment(property) || !property.name || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) return null;
      keys.push(property.name.text);
    }
    return keys.sort();
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) initializers.set(node.name.text, node.initializer);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'exposeInMainWorld') {
      const [name, value] = node.arguments;
      exposures.push({ name: name && ts.isStringLiteral(name) ? name.text : '(not a literal)', keys: objectKeys(value) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return exposures;
}

describe('the preload bridge', () => {
  it('exposes exactly one object, window.lhb, with exactly the bridge type\'s keys (the ones the Electron e2e spec expects)', () => {
    const exposures = exposuresIn(readFileSync(PRELOAD_PATH, 'utf8'));
    expect(exposures).toEqual([{ name: 'lhb', keys: [...PRELOAD_BRIDGE_KEYS] }]);
  });

  it('reads the exposed keys from the source, so an extra or spread property would be caught', () => {
    const base = "const bridge = { call: () => 1, onEvent: () => 2 } satisfies X;\ncontextBridge.exposeInMainWorld('lhb', bridge);";
    expect(exposuresIn(base)).toEqual([{ name: 'lhb', keys: ['call', 'onEvent'] }]);
    expect(exposuresIn(base.replace('onEvent: () => 2', 'onEvent: () => 2, readFile: () => 3'))).toEqual([{ name: 'lhb', keys: ['call', 'onEvent', 'readFile'] }]);
    expect(exposuresIn(base.replace('onEvent: () => 2', '...other'))).toEqual([{ name: 'lhb', keys: null }]);
    expect(exposuresIn(`${base}\ncontextBridge.exposeInMainWorld('node', { fs });`)).toHaveLength(2);
  });
});
