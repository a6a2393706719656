import { describeError } from '../api/describe-error.ts';
import { useAnalysisStore } from './analysis-store.ts';
import { copyText, saveText } from './save-file.ts';
import { tableToCsv, tableToMarkdown } from './table-export.ts';
import type { TableView } from './table-view.ts';

/** Copy CSV, Download CSV and Download Markdown for one table. */
export function TableExports({ table }: { table: TableView }) {
  const announce = useAnalysisStore((s) => s.announce);
  const copy = async () => {
    try {
      await copyText(tableToCsv(table));
      announce(`Copied “${table.caption}” as CSV.`);
    } catch (error) {
      announce(`Could not copy: ${describeError(error)}. Use Download CSV instead.`);
    }
  };
  return (
    <div className="analysis-exports" role="group" aria-label={`Export: ${table.caption}`}>
      <button type="button" onClick={() => void copy()}>
        Copy CSV
      </button>
      <button type="button" onClick={() => saveText(`lhb-${table.id}.csv`, tableToCsv(table), 'text/csv')}>
        Download CSV
      </button>
      <button type="button" onClick={() => saveText(`lhb-${table.id}.md`, tableToMarkdown(table), 'text/markdown')}>
        Download Markdown
      </button>
    </div>
  );
}
