import { useEffect, useRef, type FormEvent } from 'react';
import { EXPORT_SUBSETS, type ExportedFile } from '../../schemas/export.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useExportStore } from './export-store.ts';
import { ImportRegion } from './ImportRegion.tsx';
import { LicenseFields } from './LicenseFields.tsx';
import { PushRegion } from './PushRegion.tsx';
import './export.css';

const SUBSET_LABELS = {
  sources: 'Sources (line-numbered text and sections)',
  chapters: 'Chapters (plans, notes and citations)',
  preferences: 'Preferences (pairwise votes)',
  preference_pairs: 'Preference pairs (counted votes with a winner, for DPO training)',
  judgments: 'Judgments (rubric scores)',
  runs: 'Runs (configurations and trajectory summaries)',
  rubrics: 'Rubrics (anchored rubric sets)',
  skills: 'Skills (SKILL.md texts and digests)',
  tasks: 'Tasks (instructions, turns and ground-truth frames, images as files)',
  studies: 'Studies (the resolved study specs)',
  trajectories: 'Trajectories (steps, tool calls, errors and recoveries; transcripts as files)',
  pairwise_verdicts: 'Pairwise verdicts (judges shown two runs, sides swapped)',
  control_judgments: 'Control judgments (scores made without the artifact, never counted)',
  harness_guesses: 'Harness guesses (judges asked which harness made a blinded run, never counted)',
} as const;

const FILE_COLUMNS: DataColumn<ExportedFile>[] = [
  { head: 'File', cell: (file) => file.path },
  { head: 'Subset', cell: (file) => file.subset },
  { head: 'Split', cell: (file) => file.split },
  { head: 'Rows', cell: (file) => file.rows },
  { head: 'Bytes', cell: (file) => file.bytes },
];

/**
 * Exports the workspace as a Hugging Face dataset folder on the server's disk: subsets, format,
 * the card's license, pseudonyms, synthetic data, then the job's progress and what it wrote (files, rows, the card),
 * and then a push of that folder to the Hub.
 */
export function ExportScreen() {
  const client = useConnectedClient();
  const state = useExportStore();
  const running = state.phase === 'starting' || state.phase === 'exporting';
  useEffect(() => (client ? useExportStore.getState().connect(client) : undefined), [client]);
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A refused field (the license) takes the focus once the problem beside it is drawn.
    void state.start().then(() => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()));
  };

  return (
    <div className="export">
      <section className="screen-region export-region" aria-labelledby="export-form-title">
        <h2 id="export-form-title">Export a Hugging Face dataset</h2>
        <form ref={form} onSubmit={onSubmit} aria-labelledby="export-form-title" noValidate>
          <fieldset>
            <legend>Subsets</legend>
            {EXPORT_SUBSETS.map((subset) => (
              <label key={subset} className="export-check">
                <input type="checkbox" checked={state.subsets.includes(subset)} onChange={() => state.toggleSubset(subset)} disabled={running} />
                {SUBSET_LABELS[subset]}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Format</legend>
            {(['parquet', 'jsonl'] as const).map((format) => (
              <label key={format} className="export-check">
                <input type="radio" name="export-format" checked={state.format === format} onChange={() => state.setFormat(format)} disabled={running} />
                {format === 'parquet' ? 'Parquet' : 'JSON lines'}
              </label>
            ))}
          </fieldset>
          <LicenseFields disabled={running} />
          <label className="export-check">
            <input type="checkbox" checked={state.pseudonymise} onChange={(e) => state.setPseudonymise(e.target.checked)} disabled={running} />
            Replace annotator names with stable pseudonyms
          </label>
          <label className="export-check">
            <input type="checkbox" checked={state.includeSynthetic} onChange={(e) => state.setIncludeSynthetic(e.target.checked)} disabled={running} />
            Include the demo's records (its synthetic study as a separate "synthetic" split; its data room, example builds and the votes and judgments on them)
          </label>
          <label className="export-field">
            <span>Folder to create on the server machine (it must not exist yet, or be empty)</span>
            <input type="text" value={state.outDir} onChange={(e) => state.setOutDir(e.target.value)} spellCheck={false} placeholder="/home/me/datasets/lhb-release" disabled={running} />
          </label>
          <div className="export-actions">
            <button type="submit" disabled={running}>
              Export
            </button>
            {running && (
              <button type="button" onClick={() => void state.cancel()}>
                Cancel export
              </button>
            )}
          </div>
        </form>
        {running && <ProgressBar label="Export progress" done={state.done} total={state.total} />}
        {state.message && (
          <p role={state.phase === 'failed' ? 'alert' : 'status'} className={state.phase === 'failed' ? 'export-message export-message--problem' : 'export-message'}>
            {state.message}
          </p>
        )}
      </section>
      {state.result && (
        <section className="screen-region export-region" aria-labelledby="export-result-title">
          <h2 id="export-result-title">Written to {state.result.outDir}</h2>
          <DataTable caption="Files" columns={FILE_COLUMNS} rows={state.result.files} rowKey={(file) => file.path} rowHeads={false} />
          <h3>Dataset card (README.md)</h3>
          <pre className="export-card" tabIndex={0} aria-label="Dataset card preview">
            {state.result.card}
          </pre>
        </section>
      )}
      {state.result && state.phase === 'succeeded' && state.jobId && <PushRegion exportJobId={state.jobId} />}
      <ImportRegion />
    </div>
  );
}
