import { useMemo } from 'react';
import { describeError } from '../api/describe-error.ts';
import { useAnalysisStore } from './analysis-store.ts';
import { ReportTable } from './ReportTable.tsx';
import { saveFile, saveText, svgToPng } from './save-file.ts';
import { svgToString, type SvgNode } from '../../schemas/charts/svg-node.ts';
import { SvgView } from './SvgView.tsx';
import type { TableView } from './table-view.ts';

interface ChartFigureProps {
  chart: SvgNode;
  /** File name stem, e.g. "elo" → lhb-elo.svg. */
  fileName: string;
  /** The chart's numbers as a table, for screen readers and CSV (matrices have no other table). */
  dataTable?: TableView;
}

/** A chart with its Download SVG / Download PNG buttons (and, optionally, its data as a table). */
export function ChartFigure({ chart, fileName, dataTable }: ChartFigureProps) {
  const announce = useAnalysisStore((s) => s.announce);
  const svgText = useMemo(() => svgToString(chart), [chart]);
  const title = String(chart.attrs['aria-label'] ?? fileName);
  const downloadPng = async () => {
    try {
      const png = await svgToPng(svgText, Number(chart.attrs.width), Number(chart.attrs.height));
      saveFile(`lhb-${fileName}.png`, png);
    } catch (error) {
      announce(`Could not make a PNG: ${describeError(error)}. Download SVG works without it.`);
    }
  };
  return (
    <figure className="analysis-chart">
      <div className="analysis-chart__canvas">
        <SvgView node={chart} />
      </div>
      <div className="analysis-exports" role="group" aria-label={`Export chart: ${title}`}>
        <button type="button" onClick={() => saveText(`lhb-${fileName}.svg`, svgText, 'image/svg+xml')}>
          Download SVG
        </button>
        <button type="button" onClick={() => void downloadPng()}>
          Download PNG
        </button>
      </div>
      {dataTable && (
        <details className="analysis-chart__data">
          <summary>The chart's numbers as a table</summary>
          <ReportTable table={dataTable} />
        </details>
      )}
    </figure>
  );
}
