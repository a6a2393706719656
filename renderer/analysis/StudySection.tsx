import { useState } from 'react';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { MAX_RESAMPLES, MIN_RESAMPLES, clampResamples, useAnalysisStore } from './analysis-store.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { studySummary } from './report-readings.ts';

/** What the report rests on, the synthetic-data notice, and the Recompute form. */
export function StudySection({ report }: { report?: AnalysisReport }) {
  const request = useAnalysisStore((s) => s.request);
  const shown = useAnalysisStore((s) => s.shown);
  const loading = useAnalysisStore((s) => s.phase === 'loading');
  const { setExcludeSynthetic, setResamples, load } = useAnalysisStore.getState();
  // What is typed stays as typed (so "2500" can be entered digit by digit); Recompute clamps it.
  const [resamplesText, setResamplesText] = useState(String(request.resamples));

  return (
    <ReportRegion title="Study">
      {report && <p className="analysis-study__summary">{studySummary(report.study)}</p>}
      {report && shown?.excludeSynthetic && <p className="muted">Synthetic demo data left out of this report.</p>}
      {report?.study.includesSynthetic && (
        <div className="analysis-synthetic" role="note" aria-label="Synthetic data">
          <strong>Includes synthetic demo data</strong>
          <p>
            Some votes or judgments counted here were generated for the demo, not cast by people or judges. Do not report these numbers; tick
            “Exclude synthetic data” and recompute to see only real records.
          </p>
        </div>
      )}
      <form
        className="analysis-study__form"
        onSubmit={(event) => {
          event.preventDefault();
          const resamples = clampResamples(resamplesText.trim() === '' ? Number.NaN : Number(resamplesText));
          setResamples(resamples);
          setResamplesText(String(resamples));
          void load();
        }}
      >
        <label className="analysis-study__check">
          <input type="checkbox" checked={request.excludeSynthetic} onChange={(event) => setExcludeSynthetic(event.target.checked)} />
          Exclude synthetic data
        </label>
        <label className="analysis-study__resamples">
          Bootstrap resamples
          <input
            type="number"
            min={MIN_RESAMPLES}
            max={MAX_RESAMPLES}
            step={100}
            value={resamplesText}
            onChange={(event) => setResamplesText(event.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={loading}>
          Recompute
        </button>
      </form>
    </ReportRegion>
  );
}
