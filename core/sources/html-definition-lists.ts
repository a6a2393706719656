import type { Element, ElementContent, Root, RootContent } from 'hast';

/**
 * Rewrites every <dl> as a plain list before the page becomes Markdown: one item per term, its
 * definition (the <dd> right after it) below it in the same item. Converted as they are,
 * a run of terms without definitions (DocBook's tables of contents are only that, a nested <dl>
 * in the <dd> of the entry it belongs to) became one item holding a list, "- - 1.1. Overview".
 * A first term that is only bold text and has no definition of its own ("Table of Contents")
 * is the list's caption: it becomes a paragraph before the list. Mutates `tree`.
 */
export function definitionListsAsLists(tree: Root): void {
  tree.children = rewriteChildren(tree.children) as RootContent[];
}

function rewriteChildren(children: (RootContent | ElementContent)[]): (RootContent | ElementContent)[] {
  return children.flatMap((child): (RootContent | ElementContent)[] => {
    if (child.type !== 'element') return [child];
    child.children = rewriteChildren(child.children) as ElementContent[];
    return child.tagName === 'dl' ? listOf(child) : [child];
  });
}

interface Entry {
  term: Element | undefined;
  definitions: Element[];
}

function listOf(dl: Element): ElementContent[] {
  const entries: Entry[] = [];
  for (const child of termsAndDefinitions(dl.children)) {
    const last = entries[entries.length - 1];
    if (child.tagName === 'dt') entries.push({ term: child, definitions: [] });
    else if (last) last.definitions.push(child);
    else entries.push({ term: undefined, definitions: [child] });
  }
  const first = entries[0];
  const caption = first && entries.length > 1 && first.definitions.length === 0 && first.term && isOnlyBold(first.term) ? first.term : undefined;
  const items = (caption ? entries.slice(1) : entries).map(itemOf);
  const list: Element = { type: 'element', tagName: 'ul', properties: {}, children: items };
  return caption ? [paragraph(caption.children), list] : [list];
}

/** The <dt> and <dd> children, looking through the <div> wrappers HTML allows around a group. */
function termsAndDefinitions(children: ElementContent[]): Element[] {
  return children.flatMap((child) => {
    if (child.type !== 'element') return [];
    if (child.tagName === 'dt' || child.tagName === 'dd') return [child];
    return child.tagName === 'div' ? termsAndDefinitions(child.children) : [];
  });
}

function itemOf({ term, definitions }: Entry): Element {
  const definitionBlocks = definitions.flatMap((definition) => (hasBlocks(definition.children) ? definition.children : [paragraph(definition.children)]));
  // A term alone stays inline ("- Overview"); with a definition it is the item's first paragraph.
  const termBlocks = term ? (definitionBlocks.length > 0 ? [paragraph(term.children)] : term.children) : [];
  return { type: 'element', tagName: 'li', properties: {}, children: [...termBlocks, ...definitionBlocks] };
}

const BLOCKS = new Set(['p', 'ul', 'ol', 'pre', 'table', 'blockquote', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'figure']);

function hasBlocks(children: ElementContent[]): boolean {
  return children.some((child) => child.type === 'element' && BLOCKS.has(child.tagName));
}

function paragraph(children: ElementContent[]): Element {
  return { type: 'element', tagName: 'p', properties: {}, children };
}

function isOnlyBold(term: Element): boolean {
  const significant = term.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  const only = significant.length === 1 ? significant[0] : undefined;
  return only?.type === 'element' && (only.tagName === 'b' || only.tagName === 'strong');
}
