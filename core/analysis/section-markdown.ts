import type { Inline, ReportBlock, ReportSection } from '../../schemas/report-section.ts';
import { tableToMarkdown } from '../../schemas/table-markdown.ts';
import type { MarkdownLevel } from './report-section-entry.ts';

const inlineText = (runs: readonly Inline[]) => runs.map((run) => (typeof run === 'string' ? run : 'code' in run ? `\`${run.code}\`` : run.text)).join('');

function blockMarkdown(block: ReportBlock, level: string): string[] {
  switch (block.kind) {
    case 'text': {
      const text = inlineText(block.text);
      return [block.style === 'empty' ? `_${text}_\n` : block.note ? `> ${text}\n` : `${text}\n`];
    }
    case 'table':
      return [tableToMarkdown(block.table)];
    // A chart is drawn from a table the section prints; a matrix's numbers are its data table.
    case 'chart':
      return block.dataTable ? [tableToMarkdown(block.dataTable)] : [];
    case 'notes':
      return [...block.items.map((item) => `- ⚠ ${item}`), ''];
    case 'pair':
      return block.blocks.flatMap((inner) => blockMarkdown(inner, level));
    case 'part':
      return [`${level}# ${block.title}\n`, ...block.blocks.flatMap((inner) => blockMarkdown(inner, `${level}#`))];
  }
}

/** A section as Markdown, from the blocks the screen shows: its title at `level`, its parts one level down. */
export function sectionMarkdown(section: ReportSection, level: MarkdownLevel): string {
  return [`${level} ${section.title}\n`, ...section.blocks.flatMap((block) => blockMarkdown(block, level))].join('\n');
}
