import type { ElementContent, Root, RootContent } from 'hast';

/** Elements that break a line or start a block: inside a table cell they become a space. */
const BLOCK_IN_CELL = new Set([
  'p', 'div', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'figure', 'figcaption', 'hr', 'table', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'caption',
]);

/**
 * A Markdown table row is one line, so everything inside a table cell must be inline before the
 * page becomes Markdown: a `<pre>` becomes one code span (its lines joined by spaces), a `<br>` a
 * space, paragraphs, lists and nested tables their text with a space between, so that "and"
 * then a paragraph reads "and para", never "andpara". Pipes and code inside cells are escaped by
 * the Markdown writer (GFM). Mutates `tree`.
 */
export function flattenTableCells(tree: Root): void {
  visit(tree.children);
}

function visit(children: (RootContent | ElementContent)[]): void {
  for (const child of children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'td' || child.tagName === 'th') child.children = inlineContent(child.children);
    else visit(child.children);
  }
}

function inlineContent(children: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  const space = () => {
    const last = out[out.length - 1];
    if (last && !(last.type === 'text' && /\s$/.test(last.value))) out.push({ type: 'text', value: ' ' });
  };
  for (const child of children) {
    if (child.type === 'text') {
      out.push({ type: 'text', value: child.value.replace(/\s*\n\s*/g, ' ') });
      continue;
    }
    if (child.type !== 'element') continue;
    if (child.tagName === 'br') {
      space();
      continue;
    }
    if (child.tagName === 'pre') {
      space();
      const code = textOf(child).replace(/\s*\n\s*/g, ' ').trim();
      if (code !== '') out.push({ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: code }] });
      space();
      continue;
    }
    if (BLOCK_IN_CELL.has(child.tagName)) {
      space();
      out.push(...inlineContent(child.children));
      space();
      continue;
    }
    child.children = inlineContent(child.children);
    out.push(child);
  }
  return out;
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  if (node.tagName === 'br') return '\n';
  return node.children.map(textOf).join('');
}
