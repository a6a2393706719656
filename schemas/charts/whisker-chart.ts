import { clipLabel, linearScale, niceTicks } from './chart-scale.ts';
import { CHART } from './chart-style.ts';
import { svg, type SvgNode } from './svg-node.ts';

export interface WhiskerPoint {
  label: string;
  mean: number | null;
  lo: number | null;
  hi: number | null;
  /** The mean and interval as the table prints them, e.g. "1034.2 [1001.0, 1068.3]". */
  text: string;
}

export interface WhiskerChartSpec {
  title: string;
  axisLabel: string;
  points: WhiskerPoint[];
  width?: number;
}

const ROW = 24;
const TOP = 30;
const BOTTOM = 44;
const VALUE_SPACE = 74;

/**
 * A dot per row at its estimate and a horizontal whisker from the interval's low to high end,
 * all on one shared axis, rows in the order given (the table's).
 */
export function whiskerChart(spec: WhiskerChartSpec): SvgNode {
  const width = spec.width ?? 680;
  const labelWidth = Math.min(40, Math.max(4, ...spec.points.map((p) => clipLabel(p.label).length))) * CHART.charWidth + 14;
  const plotLeft = labelWidth;
  const plotRight = width - VALUE_SPACE;
  const plotBottom = TOP + spec.points.length * ROW;
  const height = plotBottom + BOTTOM;

  const values = spec.points.flatMap((p) => [p.mean, p.lo, p.hi]).filter((v): v is number => v !== null && Number.isFinite(v));
  const { domain, ticks } = niceTicks(values.length ? Math.min(...values) : 0, values.length ? Math.max(...values) : 1, 5);
  const x = linearScale(domain, [plotLeft, plotRight]);

  const grid = ticks.map((t) =>
    svg('g', {}, [
      svg('line', { x1: x(t), x2: x(t), y1: TOP - 4, y2: plotBottom, stroke: CHART.grid, 'stroke-width': 1 }),
      svg('text', { x: x(t), y: plotBottom + 15, 'text-anchor': 'middle', 'font-size': 11, fill: CHART.muted }, [String(t)]),
    ]),
  );

  const rows = spec.points.map((p, i) => {
    const y = TOP + i * ROW + ROW / 2;
    const parts: (SvgNode | string)[] = [
      svg('title', {}, [`${p.label}: ${p.text}`]),
      svg('text', { x: plotLeft - 8, y: y + 4, 'text-anchor': 'end', 'font-size': 12, fill: CHART.ink }, [clipLabel(p.label)]),
    ];
    if (p.lo !== null && p.hi !== null) {
      const [a, b] = [x(p.lo), x(p.hi)];
      parts.push(
        svg('line', { x1: a, x2: b, y1: y, y2: y, stroke: CHART.ink, 'stroke-width': 1.5 }),
        svg('line', { x1: a, x2: a, y1: y - 5, y2: y + 5, stroke: CHART.ink, 'stroke-width': 1.5 }),
        svg('line', { x1: b, x2: b, y1: y - 5, y2: y + 5, stroke: CHART.ink, 'stroke-width': 1.5 }),
      );
    }
    if (p.mean !== null) {
      parts.push(svg('circle', { cx: x(p.mean), cy: y, r: 4.5, fill: CHART.dot, stroke: CHART.background, 'stroke-width': 1 }));
    } else {
      parts.push(svg('text', { x: plotLeft + 4, y: y + 4, 'font-size': 11, fill: CHART.muted }, ['no data']));
    }
    parts.push(svg('text', { x: plotRight + 8, y: y + 4, 'font-size': 11, fill: CHART.ink }, [p.text.split(' ')[0] ?? '']));
    return svg('g', {}, parts);
  });

  return svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': spec.title, 'font-family': CHART.font }, [
    svg('title', {}, [spec.title]),
    svg('rect', { x: 0, y: 0, width, height, fill: CHART.background }),
    svg('text', { x: 8, y: 18, 'font-size': 13, 'font-weight': 600, fill: CHART.ink }, [spec.title]),
    ...grid,
    ...rows,
    svg('text', { x: (plotLeft + plotRight) / 2, y: height - 8, 'text-anchor': 'middle', 'font-size': 11, fill: CHART.muted }, [spec.axisLabel]),
  ]);
}
