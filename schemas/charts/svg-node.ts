/**
 * A chart as a small tree of SVG elements: the screen renders it with React (SvgView), the
 * "Download SVG/PNG" buttons serialise the same tree, so the file is what the screen shows, and
 * `lhb report` writes it inline into its pages (core/report).
 * Styling goes in presentation attributes (fill, stroke, font-size), never in CSS classes, so
 * a downloaded file looks right on its own.
 */
export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children?: (SvgNode | string)[];
}

export const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Record<string, string | number | undefined>, children?: (SvgNode | string)[]): SvgNode {
  const defined: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) defined[name] = value;
  return children ? { tag, attrs: defined, children } : { tag, attrs: defined };
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** Rounds coordinates so files stay small and diffs stay stable. */
const attributeValue = (value: string | number) => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : value);

function write(node: SvgNode | string): string {
  if (typeof node === 'string') return escapeText(node);
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeAttribute(attributeValue(value))}"`)
    .join('');
  if (!node.children || node.children.length === 0) return `<${node.tag}${attrs}/>`;
  return `<${node.tag}${attrs}>${node.children.map(write).join('')}</${node.tag}>`;
}

/** The SVG element as markup, its text and attributes escaped (for inline use in an HTML page), with the SVG namespace on the root. */
export function svgElementString(root: SvgNode): string {
  return write(root.tag === 'svg' && root.attrs.xmlns === undefined ? { ...root, attrs: { xmlns: SVG_NS, ...root.attrs } } : root);
}

/** A standalone SVG document: the root gets the SVG namespace when it lacks one. */
export function svgToString(root: SvgNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svgElementString(root)}\n`;
}

/** React's name for an SVG attribute: `stroke-width` → `strokeWidth`; `aria-*`, `data-*` stay. */
export function reactAttributeName(name: string): string {
  if (name === 'class') return 'className';
  if (name.startsWith('aria-') || name.startsWith('data-')) return name;
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Rounds a number for attributes in React too, so screen and file agree exactly. */
export const svgAttributeValue = attributeValue;
