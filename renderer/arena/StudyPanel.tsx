import { useEffect, useState } from 'react';
import { MAX_FAST_VOTE_FLOOR_MS, type ArenaStudy } from '../../schemas/arena.ts';
import { formatRate } from '../../schemas/format-number.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useArenaStore } from './arena-store.ts';
import { StudyInvites } from './StudyInvites.tsx';
import { readPositionBias, secondsText } from './vote-words.ts';

const REFRESH_MS = 4000;

const ANNOTATOR_COLUMNS: DataColumn<ArenaStudy['annotators'][number]>[] = [
  {
    head: 'Annotator',
    cell: (a) => (
      <>
        {a.name} {a.synthetic && <span className="arena-badge">synthetic</span>}
      </>
    ),
  },
  {
    head: 'Done',
    cell: (a) => (
      <>
        {a.done}/{a.total}
      </>
    ),
  },
  { head: 'Progress', cell: (a) => <ProgressBar label={`${a.name} progress`} done={a.done} total={a.total} /> },
  { head: 'Median time per pair', cell: (a) => (a.medianTimeMs === null ? '—' : secondsText(a.medianTimeMs)) },
  {
    head: 'Fast votes',
    cell: (a) => (a.fastShare === null ? '—' : `${formatRate(a.fastShare).text} (${a.fastVotes} flagged)`),
  },
];

/** The study owner's live view: progress per annotator and overall, and position bias. */
export function StudyPanel() {
  const study = useArenaStore((s) => s.study);
  const studyError = useArenaStore((s) => s.studyError);

  // Refreshed while this tab is on screen and the window is visible; a vote refreshes it too.
  useEffect(() => {
    const { loadStudy } = useArenaStore.getState();
    void loadStudy();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void loadStudy();
    }, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void loadStudy();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return (
    <section className="study" aria-label="Study" aria-busy={!study && !studyError}>
      <h2>Study</h2>
      <p className="muted">For the study owner. Refreshes every few seconds and after each vote.</p>
      {studyError && (
        <p className="study__error" role="alert">
          {studyError}
        </p>
      )}
      {!study ? (
        !studyError && <p className="arena__loading">Loading the study…</p>
      ) : (
        <>
          <div className="study__block">
            <h3>Overall</h3>
            <p>
              {study.overall.votes} of {study.overall.total} votes
            </p>
            <ProgressBar label="Votes cast overall" done={study.overall.votes} total={study.overall.total} />
          </div>
          <div className="study__block">
            <h3>Annotators</h3>
            {study.annotators.length === 0 ? (
              <p className="muted">No annotators yet.</p>
            ) : (
              <DataTable className="study__table" columns={ANNOTATOR_COLUMNS} rows={study.annotators} rowKey={(a) => a.id} />
            )}
          </div>
          <FastVoteFloor floorMs={study.fastVoteFloorMs} />
          <PositionBias position={study.position} />
        </>
      )}
      <StudyInvites />
    </section>
  );
}

/** The floor votes are judged by as they are cast: quicker ones are flagged, kept, and counted unless the analysis is asked to leave them out. */
function FastVoteFloor({ floorMs }: { floorMs: number }) {
  const setFastVoteFloor = useArenaStore((s) => s.setFastVoteFloor);
  const [text, setText] = useState(String(floorMs / 1000));
  useEffect(() => setText(String(floorMs / 1000)), [floorMs]);
  const seconds = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 && seconds * 1000 <= MAX_FAST_VOTE_FLOOR_MS;
  return (
    <div className="study__block" role="group" aria-labelledby="fast-vote-floor-title">
      <h3 id="fast-vote-floor-title">Fast votes</h3>
      <p>
        Votes cast less than {secondsText(floorMs)} after their pair was shown are flagged: kept and counted, and the Analysis screen can leave them out.
      </p>
      <form
        className="study__floor"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void setFastVoteFloor(Math.round(seconds * 1000));
        }}
      >
        <label>
          Fast-vote floor (seconds)
          <input type="number" min={0} max={MAX_FAST_VOTE_FLOOR_MS / 1000} step={0.5} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" disabled={!valid || Math.round(seconds * 1000) === floorMs}>
          Set floor
        </button>
      </form>
      <p className="muted">Applies to votes cast from now on; each vote keeps the floor it was judged by.</p>
    </div>
  );
}

function PositionBias({ position }: { position: ArenaStudy['position'] }) {
  const reading = readPositionBias(position);
  return (
    <div className="study__block" aria-labelledby="position-bias-title">
      <h3 id="position-bias-title">Position bias</h3>
      <p>
        {reading.rate}
        {reading.p && ` (two-sided binomial ${reading.p})`}
      </p>
      <p className="study__verdict">
        <strong>{reading.verdict}</strong>
      </p>
      <p className="muted">
        Left {position.left} · Right {position.right} · Tie {position.tie} · Both bad {position.bothBad}
      </p>
    </div>
  );
}
