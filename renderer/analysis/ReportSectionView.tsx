import { useMemo } from 'react';
import type { Inline, ReportBlock, ReportSection, TextStyle } from '../../schemas/report-section.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { drawChart } from '../../schemas/charts/draw-chart.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';

/** One section of the report as core/analysis rendered it: its heading, then its sentences, tables, charts and parts. */
export function ReportSectionView({ section }: { section: ReportSection }) {
  return (
    <ReportRegion title={section.title}>
      <Blocks blocks={section.blocks} />
    </ReportRegion>
  );
}

const TEXT_CLASS: Record<TextStyle, string | undefined> = { plain: undefined, muted: 'muted', headline: 'analysis-headline', verdict: 'analysis-verdict', empty: 'analysis-empty' };

function Blocks({ blocks }: { blocks: readonly ReportBlock[] }) {
  // A section's blocks never change order while it is shown: their place is their key.
  return blocks.map((block, i) => <Block key={i} block={block} />);
}

function Block({ block }: { block: ReportBlock }) {
  switch (block.kind) {
    case 'text':
      return (
        <p className={TEXT_CLASS[block.style]} role={block.note ? 'note' : undefined} aria-label={block.note}>
          <InlineText runs={block.text} />
        </p>
      );
    case 'table':
      return <TableBlock table={block.table} />;
    case 'chart':
      return <ChartBlock block={block} />;
    case 'notes':
      return (
        <ul className="analysis-notes" aria-label={block.label}>
          {block.items.map((item) => (
            <li key={item}>
              <strong>Note: </strong>
              {item}
            </li>
          ))}
        </ul>
      );
    case 'pair':
      return (
        <div className="analysis-pair">
          <Blocks blocks={block.blocks} />
        </div>
      );
    case 'part':
      return (
        <ReportRegion title={block.title} level={3}>
          <Blocks blocks={block.blocks} />
        </ReportRegion>
      );
  }
}

function InlineText({ runs }: { runs: readonly Inline[] }) {
  return runs.map((run, i) =>
    typeof run === 'string' ? run : 'code' in run ? <code key={i}>{run.code}</code> : <span key={i} title={run.title}>{run.text}</span>,
  );
}

function TableBlock({ table }: { table: TableModel }) {
  const view = useMemo(() => tableView(table), [table]);
  return <ReportTable table={view} />;
}

function ChartBlock({ block }: { block: Extract<ReportBlock, { kind: 'chart' }> }) {
  const chart = useMemo(() => drawChart(block.chart), [block.chart]);
  const dataTable = useMemo(() => (block.dataTable ? tableView(block.dataTable) : undefined), [block.dataTable]);
  return <ChartFigure chart={chart} fileName={block.fileName} dataTable={dataTable} />;
}
