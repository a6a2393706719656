import { describe, expect, it } from 'vitest';
import { CHART } from './chart-style.ts';
import { contrastRatio } from './colour-scale.ts';
import { heatmapChart } from './heatmap-chart.ts';
import { svgToString, type SvgNode } from './svg-node.ts';
import { whiskerChart } from './whisker-chart.ts';

const all = (node: SvgNode | string, tag: string): SvgNode[] =>
  typeof node === 'string' ? [] : [...(node.tag === tag ? [node] : []), ...(node.children ?? []).flatMap((c) => all(c, tag))];
const texts = (node: SvgNode) => all(node, 'text').map((t) => (t.children ?? []).filter((c) => typeof c === 'string').join(''));

describe('the whisker chart', () => {
  const chart = whiskerChart({
    title: 'Elo <ratings> & "intervals"',
    axisLabel: 'Elo',
    points: [
      { label: 'claude-code · sonnet · skill v2', mean: 1060, lo: 1030, hi: 1090, text: '1060.0 [1030.0, 1090.0]' },
      { label: 'codex · gpt', mean: 1000, lo: 970, hi: 1020, text: '1000.0 [970.0, 1020.0]' },
      { label: 'gemini', mean: null, lo: null, hi: null, text: '—' },
    ],
  });

  it('draws a dot per estimate and a whisker from lo to hi on one axis', () => {
    const dots = all(chart, 'circle');
    expect(dots).toHaveLength(2);
    const lines = all(chart, 'line').filter((l) => l.attrs.y1 === l.attrs.y2 && l.attrs.stroke !== '#dcdfe4');
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [SvgNode, SvgNode];
    expect(Number(first.attrs.x1)).toBeLessThan(Number(dots[0]!.attrs.cx));
    expect(Number(first.attrs.x2)).toBeGreaterThan(Number(dots[0]!.attrs.cx));
    // 1060 sits right of 1000 on the shared axis.
    expect(Number(dots[0]!.attrs.cx)).toBeGreaterThan(Number(dots[1]!.attrs.cx));
    expect(Number(second.attrs.x1)).toBeLessThan(Number(first.attrs.x1));
    expect(texts(chart)).toContain('no data');
  });

  it('serialises to a standalone, escaped SVG document with its styling in attributes', () => {
    const text = svgToString(chart);
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
    expect(text).toContain('aria-label="Elo &lt;ratings&gt; &amp; &quot;intervals&quot;"');
    expect(text).toContain('<title>Elo &lt;ratings&gt; &amp; "intervals"</title>');
    expect(text).not.toContain('class=');
    expect(text).not.toContain('style=');
    expect(text).toContain('fill="#2b5fd9"');
    expect(text).toContain('font-family="system-ui');
  });
});

describe('the heatmap', () => {
  const chart = heatmapChart({
    title: 'Win fractions',
    subtitle: 'Row against column',
    rowLabels: ['A', 'B'],
    columnLabels: ['A', 'B'],
    cells: [
      [{ value: null, text: '—' }, { value: 0.9, text: '90.0%' }],
      [{ value: 0.1, text: '10.0%' }, { value: null, text: '—' }],
    ],
    scale: { min: 0, centre: 0.5, max: 1, format: (v) => `${v * 100}%` },
  });

  it('prints every value in its cell, in a colour that contrasts with the fill', () => {
    const cells = all(chart, 'g').filter((g) => all(g, 'rect').length === 1 && all(g, 'title').length === 1);
    expect(cells).toHaveLength(4);
    for (const g of cells) {
      const rect = all(g, 'rect')[0]!;
      const label = all(g, 'text')[0]!;
      expect(contrastRatio(String(rect.attrs.fill), String(label.attrs.fill))).toBeGreaterThanOrEqual(4.5);
    }
    expect(texts(chart)).toEqual(expect.arrayContaining(['90.0%', '10.0%', '—']));
  });

  it('shows a legend of the scale', () => {
    expect(texts(chart)).toEqual(expect.arrayContaining(['0%', '50%', '100%']));
  });
});

describe("a heatmap's caption", () => {
  const subtitle = 'Each cell: κ of the row judge with the column judge (0 = chance, 1 = perfect)';
  const chart = heatmapChart({
    title: 'Agreement matrix: quadratic κ between judges',
    subtitle,
    rowLabels: ['judge-a', 'judge-b'],
    columnLabels: ['judge-a', 'judge-b'],
    cells: [
      [{ value: 1, text: '1.000' }, { value: 0.6, text: '0.600' }],
      [{ value: 0.6, text: '0.600' }, { value: 1, text: '1.000' }],
    ],
    scale: { min: -1, centre: 0, max: 1, format: (v) => v.toFixed(1) },
  });

  it('wraps inside a narrow matrix instead of running off its edge, above the column heads', () => {
    const width = Number(chart.attrs.width);
    const captionLines = all(chart, 'text').filter((t) => t.attrs['font-size'] === 11);
    expect(captionLines.length).toBeGreaterThan(1);
    expect(captionLines.map((t) => t.children!.join('')).join(' ')).toBe(subtitle);
    for (const line of captionLines) expect(8 + line.children!.join('').length * CHART.charWidth * (11 / 12)).toBeLessThanOrEqual(width);
    const lowestCaption = Math.max(...captionLines.map((t) => Number(t.attrs.y)));
    const columnHeads = all(chart, 'text').filter((t) => String(t.attrs.transform ?? '').startsWith('rotate'));
    for (const head of columnHeads) expect(Number(head.attrs.y)).toBeGreaterThan(lowestCaption + 8);
  });
});

