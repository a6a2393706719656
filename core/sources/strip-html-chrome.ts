import type { Element, ElementContent, Root, RootContent } from 'hast';

/** Elements that run code, load things, or are never document text. Removed with their content. */
const DROPPED = new Set([
  'script', 'style', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template',
  'link', 'meta', 'base', 'svg', 'math', 'canvas', 'video', 'audio', 'source', 'track', 'picture', 'map',
  'button', 'input', 'select', 'textarea', 'option', 'datalist', 'dialog', 'slot',
  'nav', 'aside',
]);

/** Page chrome when it belongs to the page; inside an article or section it is that part's own title block. */
const PAGE_CHROME = new Set(['header', 'footer']);
export const CONTENT_BLOCKS = new Set(['main', 'article', 'section']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'dialog', 'alert']);
const SAFE_LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'ftp']);

/**
 * Cuts a parsed web page down to its document text before it becomes Markdown: scripts,
 * styles, embedded objects, forms' controls, navigation, banners and sidebars go; event-handler
 * attributes go; images become their alt text (never a remote load); links keep their text and
 * lose any URL that is not http(s), mailto or ftp (`javascript:`, `data:`, `vbscript:` …).
 * Mutates `tree`. `withinContentBlock` says the tree is the inside of a <main>, <article> or
 * <section>, where a <header> or <footer> is the block's own and is kept.
 */
export function stripHtmlChrome(tree: Root, withinContentBlock = false): void {
  tree.children = cleanChildren(tree.children, withinContentBlock) as RootContent[];
}

function cleanChildren(children: (RootContent | ElementContent)[], insideContentBlock: boolean): (RootContent | ElementContent)[] {
  const kept: (RootContent | ElementContent)[] = [];
  for (const child of children) {
    if (child.type === 'comment' || child.type === 'doctype') continue;
    if (child.type !== 'element') {
      kept.push(child);
      continue;
    }
    kept.push(...cleanElement(child, insideContentBlock));
  }
  return kept;
}

function cleanElement(element: Element, insideContentBlock: boolean): ElementContent[] {
  const tag = element.tagName;
  const props = element.properties;
  if (DROPPED.has(tag) || (PAGE_CHROME.has(tag) && !insideContentBlock)) return [];
  if (props.hidden !== undefined && props.hidden !== false) return [];
  if (String(props.ariaHidden) === 'true') return [];
  if (typeof props.role === 'string' && CHROME_ROLES.has(props.role.toLowerCase())) return [];
  if (isNavigationTable(element) || isTexinfoNavigation(element)) return [];
  if (tag === 'img' || tag === 'area') {
    const alt = typeof props.alt === 'string' ? props.alt.trim() : '';
    return alt ? [{ type: 'text', value: alt }] : [];
  }
  const children = cleanChildren(element.children, insideContentBlock || CONTENT_BLOCKS.has(tag)) as ElementContent[];
  // A <form> often wraps a whole page (ASP.NET does this); keep its text, drop the form itself.
  if (tag === 'form') return children;
  // A named anchor (<a name="…"> or an <a id> without href, DocBook's and Javadoc's link targets) is
  // no link: its text, if any, is the document's; the element itself would print as "[]()". An
  // empty href (`<a href="">nr</a>`, as libxslt's API index has) leads nowhere either.
  if (tag === 'a' && (typeof props.href !== 'string' || props.href.trim() === '')) return children;
  if (tag === 'a' && !isSafeHref(props.href as string)) return children;
  if (tag === 'a' && isPermalink(props, children)) return [];
  // A link with no words (an icon whose image had no alt text, an empty code-line target) reads as nothing.
  if (tag === 'a' && children.map(textOf).join('').trim() === '') return [];
  element.properties = safeProperties(props);
  element.children = children;
  return [element];
}

/**
 * DocBook's previous/up/next bars: tables its stylesheets mark as navigation, by class
 * (`navheader`, `navfooter`, `nav`) or by their `summary` ("Navigation header", "Navigation footer").
 */
function isNavigationTable(element: Element): boolean {
  const classes = Array.isArray(element.properties.className) ? element.properties.className.map(String) : [];
  if (classes.some((name) => name === 'navheader' || name === 'navfooter')) return true;
  if (element.tagName !== 'table') return false;
  const summary = typeof element.properties.summary === 'string' ? element.properties.summary : '';
  return classes.includes('nav') || /^navigation\b/i.test(summary.trim());
}

/** The rel values of Texinfo's node links (and DocBook's, where it marks them). */
const NAVIGATION_RELS = new Set(['next', 'prev', 'previous', 'up', 'index', 'contents', 'top', 'start']);

/**
 * Texinfo's navigation: the "Next: …, Previous: …, Up: …" bar on every node (`div.header`,
 * `div.nav-panel`, older `div.node`, or a paragraph of such links) and its `table.menu` of the
 * node's children (a table with an empty header once it is Markdown). A block counts as a bar
 * only when every link in it is a rel="next|prev|up|index|contents" link or an accesskey'd one.
 */
function isTexinfoNavigation(element: Element): boolean {
  const classes = Array.isArray(element.properties.className) ? element.properties.className.map(String) : [];
  if (element.tagName === 'table' && classes.includes('menu')) return true;
  if (!['div', 'p', 'table'].includes(element.tagName)) return false;
  const links = linksIn(element);
  if (links.length === 0) return false;
  const navigational = links.every((link) => {
    const rel: string[] = Array.isArray(link.properties.rel) ? link.properties.rel.map(String) : String(link.properties.rel ?? '').split(/\s+/);
    return rel.some((value) => NAVIGATION_RELS.has(value.toLowerCase())) || link.properties.accessKey !== undefined;
  });
  if (!navigational) return false;
  // A bar is a line of links, never a node's text that happens to start with one.
  const text = textOfElement(element);
  if (text.length > 600) return false;
  if (element.tagName === 'div') return classes.some((name) => name === 'header' || name === 'nav-panel' || name === 'node');
  return /^\s*(?:Next|Previous|Prev|Up):/.test(text);
}

function linksIn(element: Element): Element[] {
  return element.children.flatMap((child) => (child.type !== 'element' ? [] : child.tagName === 'a' ? [child] : linksIn(child)));
}

function textOfElement(element: Element): string {
  return element.children.map(textOf).join('');
}

/** A heading's or paragraph's own link to itself: a glyph (Sphinx's ¶, #, §, 🔗) or nothing, pointing at #id. */
const PERMALINK_TEXT = /^[\s¶§#🔗⚓∞]*$/u;
const PERMALINK_CLASSES = new Set(['headerlink', 'anchor', 'anchorjs-link', 'heading-anchor', 'anchor-link', 'permalink', 'mark', 'hash-link']);

function isPermalink(props: Element['properties'], children: ElementContent[]): boolean {
  const href = typeof props.href === 'string' ? props.href : '';
  const text = children.map(textOf).join('');
  const classes = Array.isArray(props.className) ? props.className.map(String) : [];
  if (!PERMALINK_TEXT.test(text)) return false;
  return href.startsWith('#') || classes.some((name) => PERMALINK_CLASSES.has(name));
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/** Only the attributes that carry document meaning survive; handlers, styles and data-* do not. */
function safeProperties(props: Element['properties']): Element['properties'] {
  const kept: Element['properties'] = {};
  for (const key of ['href', 'title', 'alt', 'colSpan', 'rowSpan', 'align', 'start', 'type', 'className', 'lang', 'dir', 'checked']) {
    if (props[key] !== undefined) kept[key] = props[key];
  }
  return kept;
}

export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"); so do we.
  // eslint-disable-next-line no-control-regex
  const squeezed = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1];
  return scheme === undefined || SAFE_LINK_SCHEMES.has(scheme.toLowerCase());
}
