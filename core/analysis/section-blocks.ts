import type { Inline, ReportBlock, TextStyle } from '../../schemas/report-section.ts';
import type { TableModel } from '../../schemas/table-model.ts';

// What a section's render() builds its blocks with (schemas/report-section.ts says what each is).

/** A sentence; text between backticks is a command or file name (`lhb runs start`). */
export function say(style: TextStyle, text: string | Inline[], note?: string): ReportBlock {
  const runs = typeof text === 'string' ? text.split('`').map((part, i): Inline => (i % 2 === 1 ? { code: part } : part)).filter((part) => part !== '') : text;
  return { kind: 'text', style, text: runs, ...(note !== undefined ? { note } : {}) };
}

export const table = (model: TableModel): ReportBlock => ({ kind: 'table', table: model });

export const part = (title: string, blocks: ReportBlock[]): ReportBlock => ({ kind: 'part', title, blocks });

/** Blocks side by side: a table and its chart, or two charts. */
export const pair = (blocks: ReportBlock[]): ReportBlock => ({ kind: 'pair', blocks });

/** A reading: its figures as the headline and, when it has one, its verdict. */
export const reading = ({ figures, verdict }: { figures: string; verdict: string }, styles: [TextStyle, TextStyle] = ['headline', 'verdict']): ReportBlock[] =>
  verdict ? [say(styles[0], figures), say(styles[1], verdict)] : [say(styles[0], figures)];
