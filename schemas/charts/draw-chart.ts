import type { ChartModel } from '../report-section.ts';
import { barChart } from './bar-chart.ts';
import { heatmapChart } from './heatmap-chart.ts';
import type { SvgNode } from './svg-node.ts';
import { whiskerChart } from './whisker-chart.ts';

/** How a heatmap's legend prints its scale's ticks. */
const LEGENDS: Record<Extract<ChartModel, { kind: 'heatmap' }>['scale']['legend'], (value: number) => string> = {
  'one-decimal': (v) => v.toFixed(1),
  percent: (v) => `${Math.round(v * 100)}%`,
};

/** A chart the report sends as data, drawn as SVG. */
export function drawChart(model: ChartModel): SvgNode {
  switch (model.kind) {
    case 'whisker':
      return whiskerChart(model);
    case 'bar':
      return barChart(model);
    case 'heatmap':
      return heatmapChart({ ...model, scale: { ...model.scale, format: LEGENDS[model.scale.legend] } });
  }
}
