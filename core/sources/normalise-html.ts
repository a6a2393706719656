import type { Element, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import type { Root as MdastRoot } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { decodeText } from './decode-text.ts';
import type { NormalisedSource } from './normalised-source.ts';
import { CONTENT_BLOCKS, stripHtmlChrome } from './strip-html-chrome.ts';

const toMarkdown = unified()
  .use(rehypeRemark)
  .use(remarkGfm)
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
  const mdast = (await toMarkdown.run(root)) as MdastRoot;
  const markdown = toMarkdown.stringify(mdast).replace(/\n{3,}/g, '\n\n');
  return { title, markdown: markdown.trim() === '' ? '' : markdown, pages: [] };
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
