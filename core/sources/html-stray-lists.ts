import type { Element, ElementContent, Root, RootContent } from 'hast';

const LISTS = new Set(['ul', 'ol']);

/**
 * Puts each list written straight inside another list (`<ul><li>…</li><ul>…</ul></ul>`, which
 * browsers draw as the previous item's sub-list) into that previous item before the page becomes
 * Markdown. Left where it was, it became an item of its own holding only a list, "- - Omówienie"
 * (TeX Live's Polish font pages have such tables of contents). A stray list with no item before
 * it gives its items to the outer list. Mutates `tree`.
 */
export function strayListsIntoItems(tree: Root): void {
  tree.children = settle(tree.children) as RootContent[];
}

function settle(children: (RootContent | ElementContent)[]): (RootContent | ElementContent)[] {
  for (const child of children) if (child.type === 'element') child.children = settle(child.children) as ElementContent[];
  return children.map((child) => (child.type === 'element' && LISTS.has(child.tagName) ? withStrayListsMoved(child) : child));
}

function withStrayListsMoved(list: Element): Element {
  const kept: ElementContent[] = [];
  let lastItem: Element | undefined;
  for (const child of list.children) {
    if (child.type === 'element' && LISTS.has(child.tagName)) {
      if (lastItem) lastItem.children.push(child);
      else kept.push(...child.children);
      continue;
    }
    if (child.type === 'element' && child.tagName === 'li') lastItem = child;
    kept.push(child);
  }
  return { ...list, children: kept };
}
