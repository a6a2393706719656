import { useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { errorMessage } from './error-message.ts';
import { loadChapterPlan, planFileName, planText, type PlanFormat } from './plan-export.ts';

const FORMAT_NAME: Record<PlanFormat, string> = { md: 'Markdown', json: 'JSON' };

function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export plan: the chapter plan as Markdown or JSON (chapters in order, instruction, notes and
 * citations with quotes and pages), downloaded as a file or copied to the clipboard. The same
 * text as `lhb chapters export`.
 */
export function PlanExportMenu() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  const run = async (format: PlanFormat, how: 'download' | 'copy') => {
    const { client, dataRoom, announce } = useAnnotatorStore.getState();
    if (!client || !dataRoom) return;
    setBusy(true);
    setDone('');
    try {
      const text = planText(await loadChapterPlan(client, dataRoom), format);
      if (how === 'download') {
        const name = planFileName(dataRoom.title, format);
        download(text, name, format === 'json' ? 'application/json' : 'text/markdown');
        setDone(`Downloaded ${name}`);
      } else {
        await navigator.clipboard.writeText(text);
        setDone(`Copied the plan as ${FORMAT_NAME[format]}`);
      }
      announce(how === 'download' ? `Downloaded the chapter plan as ${FORMAT_NAME[format]}` : `Copied the chapter plan as ${FORMAT_NAME[format]}`);
    } catch (error) {
      useAnnotatorStore.setState({ error: errorMessage(how === 'download' ? 'export the chapter plan' : 'copy the chapter plan (the clipboard may be blocked; download it instead)', error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="plan-export">
      <button type="button" aria-expanded={open} aria-controls="plan-export-actions" onClick={() => setOpen(!open)}>
        Export plan…
      </button>
      {open && (
        <div id="plan-export-actions" className="plan-export__actions" role="group" aria-label="Export the chapter plan" aria-busy={busy}>
          {(['md', 'json'] as const).map((format) => (
            <span key={format} className="plan-export__format">
              <button type="button" disabled={busy} onClick={() => void run(format, 'download')}>
                Download {FORMAT_NAME[format]}
              </button>
              <button type="button" disabled={busy} onClick={() => void run(format, 'copy')}>
                Copy {FORMAT_NAME[format]}
              </button>
            </span>
          ))}
          <span className="muted plan-export__done" role="status">
            {done}
          </span>
        </div>
      )}
    </div>
  );
}
