import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RPC_METHODS } from '../schemas/rpc.ts';
import { RENDERER, rendererSourceFiles } from './renderer-source-files.ts';

// Screens speak their own words: no `lhb …` command, `--flag` or RPC method name in what a screen
// shows, except as a command set apart as code (a `<code>` element, or a `…` span in a message,
// which MessageText shows as code) where the action needs a terminal. Every string and JSX text
// of the renderer's source is read, so a new hint is checked without a test of its own.

/** Words a screen may show on purpose, each with why. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  { file: 'runs/NewStudyDialog.tsx', text: '--qos=long', why: "the sbatch options field's example: the field holds sbatch's own options" },
  { file: 'runs/study-form.ts', text: 'Each sbatch option starts with - (like --qos=long);', why: "the same field's problem, naming sbatch's option" },
];

const METHODS = new Set<string>(RPC_METHODS);

/** What in a piece of shown text names the CLI or the RPC contract, once `…` spans are set aside. */
function cliOrRpcWords(text: string): string[] {
  const prose = text.replace(/`[^`]*`/g, ' ');
  const found = [...prose.matchAll(/\blhb [a-z]+/g), ...prose.matchAll(/(?<![\w(-])--[a-z][\w-]*/g)].map((match) => match[0]);
  for (const match of prose.matchAll(/\b[a-z]+\.[a-z][A-Za-z]*\b/g)) if (METHODS.has(match[0])) found.push(match[0]);
  return found;
}

/** True for a node whose text is code, not words: a module name, a property key, a `<code>` element's text, or an RPC method as a call's argument. */
function isNotShown(node: ts.Node, text: string): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (METHODS.has(text)) return true;
  if (ts.isJsxText(node)) {
    const element = parent;
    if (ts.isJsxElement(element) && element.openingElement.tagName.getText() === 'code') return true;
  }
  return false;
}

function shownWordsOf(file: string): { text: string; words: string[] }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const hits: { text: string; words: string[] }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('${…}');
    if (text !== undefined && !isNotShown(node, text)) {
      const words = cliOrRpcWords(text);
      if (words.length > 0) hits.push({ text: text.trim(), words });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

describe('screens speak their own words', () => {
  it('recognises a command, a flag and an RPC method in words, and not inside a `…` span', () => {
    expect(cliOrRpcWords('Check that "lhb serve" is still running')).toEqual(['lhb serve']);
    expect(cliOrRpcWords('pass --exclude-fast-votes to leave them out')).toEqual(['--exclude-fast-votes']);
    expect(cliOrRpcWords('runs.start failed')).toEqual(['runs.start']);
    expect(cliOrRpcWords('Install it there in a terminal, `lhb harnesses install codex --version 1`.')).toEqual([]);
    expect(cliOrRpcWords('width: var(--bar-width)')).toEqual([]);
  });

  it('no screen shows an lhb command, a --flag or an RPC method name outside a command set apart as code', () => {
    const found = rendererSourceFiles().flatMap((file) => {
      const name = relative(RENDERER, file);
      return shownWordsOf(file)
        .filter((hit) => !ALLOWED.some((allowed) => allowed.file === name && hit.text.includes(allowed.text)))
        .map((hit) => `${name}: ${hit.words.join(', ')} in “${hit.text.slice(0, 120)}”`);
    });
    expect(found).toEqual([]);
  });
});
