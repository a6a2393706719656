import { clipLabel, wrapWords } from './chart-scale.ts';
import { CHART } from './chart-style.ts';
import { MISSING_FILL, divergingFill, textOn } from './colour-scale.ts';
import { svg, type SvgNode } from './svg-node.ts';

export interface HeatmapCell {
  value: number | null;
  /** The value as printed in the cell, e.g. "0.612" or "64.0%". */
  text: string;
}

export interface HeatmapSpec {
  title: string;
  /** What a cell means, e.g. "Row's win fraction against the column (ties count half)". */
  subtitle: string;
  rowLabels: string[];
  columnLabels: string[];
  cells: HeatmapCell[][];
  /** The colour scale: `min` orange, `centre` grey, `max` blue. */
  scale: { min: number; centre: number; max: number; format: (value: number) => string };
}

const CELL_W = 64;
const CELL_H = 32;
const SLANT = (40 * Math.PI) / 180;
const LABEL_MAX = 36;
const TITLE_LINE = 17;
const SUBTITLE_LINE = 14;

/** A rows × columns grid coloured by value on a diverging scale, each cell printing its value. */
export function heatmapChart(spec: HeatmapSpec): SvgNode {
  const rowLabelWidth = Math.min(LABEL_MAX, Math.max(4, ...spec.rowLabels.map((l) => clipLabel(l, LABEL_MAX).length))) * CHART.charWidth + 14;
  const columnLabelLength = Math.min(LABEL_MAX, Math.max(4, ...spec.columnLabels.map((l) => clipLabel(l, LABEL_MAX).length))) * CHART.charWidth;
  const gridLeft = rowLabelWidth;
  const gridWidth = spec.columnLabels.length * CELL_W;
  const width = Math.max(gridLeft + gridWidth + Math.cos(SLANT) * columnLabelLength, 360) + 16;
  // The title (13px) and subtitle (11px) wrap inside the chart's width; the grid starts below them.
  const titleLines = wrapWords(spec.title, Math.floor((width - 16) / (CHART.charWidth * (14 / 12))));
  const subtitleLines = wrapWords(spec.subtitle, Math.floor((width - 16) / (CHART.charWidth * (11 / 12))));
  const subtitleTop = 35 + (titleLines.length - 1) * TITLE_LINE;
  const headerBottom = subtitleTop + (subtitleLines.length - 1) * SUBTITLE_LINE + 11;
  const gridTop = headerBottom + Math.sin(SLANT) * columnLabelLength + 8;
  const gridBottom = gridTop + spec.rowLabels.length * CELL_H;
  const legendTop = gridBottom + 18;
  const height = legendTop + 44;
  const { min, centre, max, format } = spec.scale;

  const columnHeads = spec.columnLabels.map((label, j) => {
    const x = gridLeft + j * CELL_W + CELL_W / 2;
    const y = gridTop - 8;
    return svg('text', { x, y, transform: `rotate(-40 ${x} ${y})`, 'font-size': 12, fill: CHART.ink }, [svg('title', {}, [label]), clipLabel(label, LABEL_MAX)]);
  });

  const rows = spec.rowLabels.map((label, i) => {
    const y = gridTop + i * CELL_H;
    const cells = spec.columnLabels.map((column, j) => {
      const c = spec.cells[i]?.[j] ?? { value: null, text: '—' };
      const fill = c.value === null ? MISSING_FILL : divergingFill(c.value, min, centre, max);
      const x = gridLeft + j * CELL_W;
      return svg('g', {}, [
        svg('title', {}, [`${label} × ${column}: ${c.text}`]),
        svg('rect', { x, y, width: CELL_W, height: CELL_H, fill, stroke: CHART.background, 'stroke-width': 2 }),
        svg('text', { x: x + CELL_W / 2, y: y + CELL_H / 2 + 4, 'text-anchor': 'middle', 'font-size': 12, fill: textOn(fill) }, [c.text]),
      ]);
    });
    return svg('g', {}, [
      svg('text', { x: gridLeft - 8, y: y + CELL_H / 2 + 4, 'text-anchor': 'end', 'font-size': 12, fill: CHART.ink }, [svg('title', {}, [label]), clipLabel(label, LABEL_MAX)]),
      ...cells,
    ]);
  });

  const stops = [min, (min + centre) / 2, centre, (centre + max) / 2, max];
  const legend = stops.map((v, k) => {
    const x = gridLeft + k * 48;
    const fill = divergingFill(v, min, centre, max);
    return svg('g', {}, [
      svg('rect', { x, y: legendTop, width: 46, height: 14, fill, stroke: CHART.grid, 'stroke-width': 1 }),
      svg('text', { x: x + 23, y: legendTop + 28, 'text-anchor': 'middle', 'font-size': 10, fill: CHART.muted }, [format(v)]),
    ]);
  });

  return svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `${spec.title}. ${spec.subtitle}`, 'font-family': CHART.font }, [
    svg('title', {}, [spec.title]),
    svg('rect', { x: 0, y: 0, width, height, fill: CHART.background }),
    ...titleLines.map((line, k) => svg('text', { x: 8, y: 18 + k * TITLE_LINE, 'font-size': 13, 'font-weight': 600, fill: CHART.ink }, [line])),
    ...subtitleLines.map((line, k) => svg('text', { x: 8, y: subtitleTop + k * SUBTITLE_LINE, 'font-size': 11, fill: CHART.muted }, [line])),
    ...columnHeads,
    ...rows,
    svg('text', { x: 8, y: legendTop + 11, 'font-size': 10, fill: CHART.muted }, ['Scale']),
    ...legend,
  ]);
}
