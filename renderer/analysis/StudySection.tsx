import { useState } from 'react';
import { fastVotesNote, judgmentsLeftOutNote, repeatVotesNote, reportScopeText, type AnalysisReport, type ReportNoteWords } from '../../schemas/analysis.ts';
import { MAX_RESAMPLES, MIN_RESAMPLES, clampResamples, includesSyntheticChoice, useAnalysisStore } from './analysis-store.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { StudyPicker } from './StudyPicker.tsx';
import { studySummary, syntheticNotice } from './study-readings.ts';

const LEAVE_OUT_FAST_VOTES = 'Leave out fast votes';
/** The screen's notes name its own tick box and screens, and offer no choice it lacks (repeat votes are counted only from `lhb analyze`). */
const SCREEN_NOTE_WORDS: ReportNoteWords = { leaveOutFastVotes: `“${LEAVE_OUT_FAST_VOTES}” below`, judgmentsMarked: 'on the Judges screen' };

/**
 * What the report rests on, whether the demo's synthetic records are counted (a banner while
 * they are, a line saying why when they are left out), which studies it counts, and the Recompute
 * form with the study picker and the “Include synthetic data” and “Leave out fast votes” toggles,
 * which recompute at once.
 */
export function StudySection({ report }: { report?: AnalysisReport }) {
  const request = useAnalysisStore((s) => s.request);
  const studies = useAnalysisStore((s) => s.studies);
  const loading = useAnalysisStore((s) => s.phase === 'loading');
  const { setIncludeSynthetic, setExcludeFastVotes, setResamples, setStudies, load } = useAnalysisStore.getState();
  const chosen = request.studies ?? [];
  // What is typed stays as typed (so "2500" can be entered digit by digit); Recompute clamps it.
  const [resamplesText, setResamplesText] = useState(String(request.resamples));
  const notice = report ? syntheticNotice(report.study) : undefined;
  const leftOut = report ? judgmentsLeftOutNote(report.study, SCREEN_NOTE_WORDS) : undefined;
  const repeats = report ? repeatVotesNote(report.study, SCREEN_NOTE_WORDS) : undefined;
  const fast = report ? fastVotesNote(report.study, SCREEN_NOTE_WORDS) : undefined;

  const recompute = () => {
    const resamples = clampResamples(resamplesText.trim() === '' ? Number.NaN : Number(resamplesText));
    setResamples(resamples);
    setResamplesText(String(resamples));
    void load();
  };

  return (
    <ReportRegion title="Study">
      {report && <p className="analysis-study__summary">{studySummary(report.study)}</p>}
      {report && <p className="analysis-study__scope">{reportScopeText(report.study.scope)}.</p>}
      {notice?.kind === 'line' && <p className="muted">{notice.text}</p>}
      {leftOut && (
        <p className="muted" role="note" aria-label="Judgments left out">
          {leftOut}
        </p>
      )}
      {repeats && (
        <p className="muted" role="note" aria-label="Repeat votes">
          {repeats}
        </p>
      )}
      {fast && (
        <p className="muted" role="note" aria-label="Fast votes">
          {fast}
        </p>
      )}
      {notice?.kind === 'banner' && (
        <div className="analysis-synthetic" role="note" aria-label="Synthetic data">
          <strong>Includes synthetic demo data</strong>
          <p>{notice.text}</p>
        </div>
      )}
      <form
        className="analysis-study__form"
        onSubmit={(event) => {
          event.preventDefault();
          recompute();
        }}
      >
        <StudyPicker
          studies={studies}
          chosen={chosen}
          onChange={(ids) => {
            setStudies(ids);
            recompute();
          }}
        />
        <label className="analysis-study__check">
          <input
            type="checkbox"
            checked={includesSyntheticChoice(request, report)}
            onChange={(event) => {
              setIncludeSynthetic(event.target.checked);
              recompute();
            }}
          />
          Include synthetic data
        </label>
        <label className="analysis-study__check">
          <input
            type="checkbox"
            checked={request.excludeFastVotes === true}
            onChange={(event) => {
              setExcludeFastVotes(event.target.checked);
              recompute();
            }}
          />
          {LEAVE_OUT_FAST_VOTES}
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
