import { clipLabel, linearScale } from './chart-scale.ts';
import { CHART } from './chart-style.ts';
import { svg, type SvgNode } from './svg-node.ts';

export interface Bar {
  label: string;
  /** A proportion in [0, 1], or null when there is nothing to show. */
  value: number | null;
  lo: number | null;
  hi: number | null;
  /** The value as the table prints it, e.g. "70.3%". */
  text: string;
  /** A tooltip line under the label, e.g. "45 of 64 errors". */
  detail?: string;
}

export interface BarChartSpec {
  title: string;
  axisLabel: string;
  bars: Bar[];
  width?: number;
}

const ROW = 26;
const TOP = 30;
const BOTTOM = 44;
const VALUE_SPACE = 64;
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Horizontal bars of a share from 0% to 100% (a fixed axis, so charts compare), each with its
 * interval as a whisker, rows in the order given (the table's).
 */
export function barChart(spec: BarChartSpec): SvgNode {
  const width = spec.width ?? 680;
  const labelWidth = Math.min(40, Math.max(4, ...spec.bars.map((b) => clipLabel(b.label).length))) * CHART.charWidth + 14;
  const plotLeft = labelWidth;
  const plotRight = width - VALUE_SPACE;
  const plotBottom = TOP + spec.bars.length * ROW;
  const height = plotBottom + BOTTOM;
  const x = linearScale([0, 1], [plotLeft, plotRight]);

  const grid = TICKS.map((t) =>
    svg('g', {}, [
      svg('line', { x1: x(t), x2: x(t), y1: TOP - 4, y2: plotBottom, stroke: CHART.grid, 'stroke-width': 1 }),
      svg('text', { x: x(t), y: plotBottom + 15, 'text-anchor': 'middle', 'font-size': 11, fill: CHART.muted }, [`${t * 100}%`]),
    ]),
  );

  const rows = spec.bars.map((bar, i) => {
    const y = TOP + i * ROW + ROW / 2;
    const parts: (SvgNode | string)[] = [
      svg('title', {}, [`${bar.label}: ${bar.text}${bar.detail ? ` (${bar.detail})` : ''}`]),
      svg('text', { x: plotLeft - 8, y: y + 4, 'text-anchor': 'end', 'font-size': 12, fill: CHART.ink }, [clipLabel(bar.label)]),
    ];
    if (bar.value === null) {
      parts.push(svg('text', { x: plotLeft + 4, y: y + 4, 'font-size': 11, fill: CHART.muted }, ['no data']));
      return svg('g', {}, parts);
    }
    parts.push(svg('rect', { x: plotLeft, y: y - 8, width: Math.max(0, x(bar.value) - plotLeft), height: 16, fill: CHART.dot, 'fill-opacity': 0.8 }));
    if (bar.lo !== null && bar.hi !== null) {
      const [a, b] = [x(bar.lo), x(bar.hi)];
      parts.push(
        svg('line', { x1: a, x2: b, y1: y, y2: y, stroke: CHART.ink, 'stroke-width': 1.5 }),
        svg('line', { x1: a, x2: a, y1: y - 5, y2: y + 5, stroke: CHART.ink, 'stroke-width': 1.5 }),
        svg('line', { x1: b, x2: b, y1: y - 5, y2: y + 5, stroke: CHART.ink, 'stroke-width': 1.5 }),
      );
    }
    parts.push(svg('text', { x: plotRight + 8, y: y + 4, 'font-size': 11, fill: CHART.ink }, [bar.text]));
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
