import { createElement, type ReactNode } from 'react';
import { reactAttributeName, svgAttributeValue, type SvgNode } from '../../schemas/charts/svg-node.ts';

/** Renders a chart's SVG tree with React: the same tree the export buttons serialise. */
export function SvgView({ node }: { node: SvgNode }) {
  return render(node, 'root');
}

function render(node: SvgNode | string, key: string): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, string | number> = { key };
  for (const [name, value] of Object.entries(node.attrs)) props[reactAttributeName(name)] = svgAttributeValue(value);
  return createElement(node.tag, props, ...(node.children ?? []).map((child, i) => render(child, `${key}.${i}`)));
}
