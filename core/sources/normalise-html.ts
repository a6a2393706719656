import type { Element, Root, RootContent } from 'hast';
import { toText } from 'hast-util-to-text';
import type { Root as MdastRoot } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { decodeText } from './decode-text.ts';
import type { NormalisedSource } from './normalised-source.ts';
import { definitionListsAsLists } from './html-definition-lists.ts';
import { strayListsIntoItems } from './html-stray-lists.ts';
import { flattenTableCells } from './html-table-cells.ts';
import { CONTENT_BLOCKS, stripHtmlChrome } from './strip-html-chrome.ts';

const toMarkdown = unified()
  .use(rehypeRemark)
  // Cells are not padded to a column's width: a wide table's rows stay as short as their text.
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one', setext: false, resourceLink: true });

/**
 * A web page as Markdown: the page's main content (its <main>, else its single <article>, else
 * its <body>) with chrome, scripts and handlers removed (strip-html-chrome.ts), then headings,
 * lists, tables (GFM), code and links converted by rehype-remark. The title is the page's
 * <title>, else its first <h1>.
 */
export async function normaliseHtml(bytes: Uint8Array, name: string): Promise<NormalisedSource> {
  const html = decodeText(bytes, name, declaredCharset(bytes));
  const page = unified().use(rehypeParse).parse(html);
  const title = pageTitle(page);
  const content = mainContent(page);
  const root: Root = { type: 'root', children: content.children };
  stripHtmlChrome(root, content.type === 'element' && CONTENT_BLOCKS.has(content.tagName));
  definitionListsAsLists(root);
  strayListsIntoItems(root);
  flattenTableCells(root);
  // Converted a part at a time, so that only one part's Markdown tree is held (a whole large
  // page's would take many times the page in memory).
  const parts: string[] = [];
  for (const part of documentParts(root)) {
    const mdast = (await toMarkdown.run({ type: 'root', children: part })) as MdastRoot;
    const text = toMarkdown.stringify(mdast).replace(/\n{3,}/g, '\n\n').replace(/^\n+|\n+$/g, '');
    if (text.trim() !== '') parts.push(text);
  }
  const markdown = parts.join('\n\n');
  return { title, markdown: markdown === '' ? '' : `${markdown}\n`, pages: [] };
}

const PART_NODES = 50;
const WRAPPERS = new Set(['div', 'section', 'article', 'main', 'body']);
const STARTS_PART = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article']);

/**
 * The content's top-level nodes in parts of at least PART_NODES, each cut just before a heading
 * or a section: such a block converts and joins ("\n\n") the same on its own as after the part
 * before it, so the parts' Markdown joined is the whole's. Wrappers that hold a single element
 * (Sphinx's div.body > section) are looked through first.
 */
function documentParts(root: Root): RootContent[][] {
  let children = root.children;
  for (;;) {
    const elements = children.filter((child) => child.type === 'element');
    const onlyWhitespace = children.every((child) => child.type === 'element' || (child.type === 'text' && child.value.trim() === ''));
    if (elements.length !== 1 || !onlyWhitespace || !WRAPPERS.has(elements[0]!.tagName)) break;
    children = elements[0]!.children as RootContent[];
  }
  const parts: RootContent[][] = [[]];
  for (const child of children) {
    const current = parts[parts.length - 1]!;
    if (current.length >= PART_NODES && child.type === 'element' && STARTS_PART.has(child.tagName)) parts.push([child]);
    else current.push(child);
  }
  return parts;
}

/** `<meta charset>` or the `charset=` of an http-equiv Content-Type, from the first 4 KB. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1];
}

function pageTitle(page: Root): string | null {
  const text = (element: Element | undefined) => (element ? toText(element).replace(/\s+/g, ' ').trim() : '');
  return text(findElement(page, (e) => e.tagName === 'title')) || text(findElement(page, (e) => e.tagName === 'h1')) || null;
}

function mainContent(page: Root): Root | Element {
  const main = findElement(page, (e) => e.tagName === 'main' || e.properties.role === 'main');
  if (main) return main;
  const articles = findElements(page, (e) => e.tagName === 'article');
  if (articles.length === 1) return articles[0]!;
  return findElement(page, (e) => e.tagName === 'body') ?? page;
}

function findElement(node: Root | Element, match: (element: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (match(child)) return child;
    const found = findElement(child, match);
    if (found) return found;
  }
  return undefined;
}

function findElements(node: Root | Element, match: (element: Element) => boolean): Element[] {
  return node.children.flatMap((child) => (child.type !== 'element' ? [] : match(child) ? [child] : findElements(child, match)));
}
