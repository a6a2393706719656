import { drawChart } from '../../schemas/charts/draw-chart.ts';
import { svgElementString } from '../../schemas/charts/svg-node.ts';
import type { Inline, ReportBlock, ReportSection } from '../../schemas/report-section.ts';
import { columnAlign, type TableCell, type TableModel } from '../../schemas/table-model.ts';
import { html, trustedMarkup, type Html } from './html-escape.ts';

/**
 * A report section as HTML, from the blocks the Analysis screen draws and `lhb analyze --md`
 * prints (section-markdown.ts): every cell is the text core/analysis formatted, never re-rounded
 * here, and every chart is the screen's own SVG (schemas/charts), inline.
 */

/** Where a table cell links: a run's page, for a cell of a column that names runs (`run`). */
export type RunLink = (runId: string) => string | undefined;

export const sectionAnchor = (id: string): string => `section-${id.replace(/[^A-Za-z0-9_-]/g, '-')}`;

const inlineHtml = (runs: readonly Inline[]): Html[] =>
  runs.map((run) => (typeof run === 'string' ? html`${run}` : 'code' in run ? html`<code>${run.code}</code>` : run.title ? html`<abbr title="${run.title}">${run.text}</abbr>` : html`${run.text}`));

function cellHtml(cell: TableCell, link: Html | undefined): Html {
  const words = cell.missing ? html`<abbr title="${cell.missing}">${cell.text}</abbr>` : link ? html`<a href="${link}">${cell.text}</a>` : html`${cell.text}`;
  return cell.best ? html`<strong>${words}</strong> <span class="best-note">(${cell.tied ? 'tied best' : 'best'})</span>` : words;
}

/** A table model as an HTML table: its caption, a header row (repeated on each printed page), cells as formatted. */
export function tableHtml(table: TableModel, runLink: RunLink): Html {
  const numeric = table.columns.map((column) => columnAlign(column) === 'right');
  const linksRuns = table.columns.map((column) => column.key === 'run');
  const head = table.columns.map((column, i) => html`<th scope="col"${numeric[i] ? html` class="num"` : ''}>${column.header}</th>`);
  // Without rows a table says so, as the Markdown does, under its caption.
  if (table.rows.length === 0) return html`<div class="table-wrap"><table data-table="${table.id}" data-empty=""><caption>${table.caption}</caption><tbody><tr><td class="empty">No data.</td></tr></tbody></table></div>\n`;
  const body = table.rows.map(
    (row) =>
      html`<tr>${row.map((cell, i) => {
        const target = linksRuns[i] && typeof cell.value === 'string' ? runLink(cell.value) : undefined;
        const content = cellHtml(cell, target === undefined ? undefined : html`${target}`);
        return i === 0 ? html`<th scope="row">${content}</th>` : html`<td${numeric[i] ? html` class="num"` : ''}>${content}</td>`;
      })}</tr>\n`,
  );
  return html`<div class="table-wrap"><table data-table="${table.id}"><caption>${table.caption}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${body}</tbody></table></div>\n`;
}

function blockHtml(block: ReportBlock, level: number, runLink: RunLink): Html {
  switch (block.kind) {
    case 'text': {
      const words = inlineHtml(block.text);
      if (block.note) return html`<p class="note" role="note" aria-label="${block.note}">${words}</p>\n`;
      return html`<p class="${block.style}">${words}</p>\n`;
    }
    case 'table':
      return tableHtml(block.table, runLink);
    case 'chart':
      // The screen's drawing of the chart's data, with its numbers as a table when it has no other (a matrix).
      return html`<figure>${trustedMarkup(svgElementString(drawChart(block.chart)))}</figure>\n${block.dataTable ? tableHtml(block.dataTable, runLink) : ''}`;
    case 'notes':
      return html`<ul class="notes warning" aria-label="${block.label}">${block.items.map((item) => html`<li>${item}</li>`)}</ul>\n`;
    case 'pair':
      return html`<div class="pair">${block.blocks.map((inner) => html`<div>${blockHtml(inner, level, runLink)}</div>`)}</div>\n`;
    case 'part': {
      const heading = Math.min(level + 1, 6);
      return html`<section>${trustedMarkup(`<h${heading}>`)}${block.title}${trustedMarkup(`</h${heading}>`)}\n${block.blocks.map((inner) => blockHtml(inner, heading, runLink))}</section>\n`;
    }
  }
}

/** A section with its heading (h2) and anchor, its parts one level down. */
export function sectionHtml(section: ReportSection, runLink: RunLink): Html {
  return html`<section id="${sectionAnchor(section.id)}" aria-labelledby="${sectionAnchor(section.id)}-title">
<h2 id="${sectionAnchor(section.id)}-title">${section.title}</h2>
${section.blocks.map((block) => blockHtml(block, 2, runLink))}</section>\n`;
}
