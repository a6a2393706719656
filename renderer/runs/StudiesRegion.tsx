import type { StudySummary } from '../../schemas/studies.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { dateTimeText } from '../ui/date-time-text.ts';
import { NewStudyDialog } from './NewStudyDialog.tsx';
import { useNewStudyStore } from './new-study-store.ts';
import { useStudiesStore } from './studies-store.ts';
import { STUDY_STATE_WORDS, studyCountsText } from './study-words.ts';

const studyColumns = (selectedStudyId: string | undefined, selectStudy: (studyId: string) => void): DataColumn<StudySummary>[] => [
  {
    head: 'Study',
    cell: (study) => (
      <button type="button" className="runs-task__pick" aria-current={study.id === selectedStudyId ? 'true' : undefined} onClick={() => selectStudy(study.id)}>
        {study.name}
      </button>
    ),
  },
  { head: 'State', cell: (study) => <span className={`study-state study-state--${study.state}`}>{STUDY_STATE_WORDS[study.state]}</span> },
  { head: 'Runs', cell: (study) => studyCountsText(study) },
  { head: 'Created', className: 'runs-table__time', cell: (study) => dateTimeText(study.createdAt) },
];

/** The studies run here, newest first, and the button that opens the "New study" form. */
export function StudiesRegion() {
  const client = useConnectedClient();
  const phase = useStudiesStore((s) => s.studiesPhase);
  const studies = useStudiesStore((s) => s.studies);
  const selectedStudyId = useStudiesStore((s) => s.selectedStudyId);
  const formOpen = useNewStudyStore((s) => s.isOpen);
  const { selectStudy, loadStudies } = useStudiesStore.getState();

  const started = (studyId: string) => {
    selectStudy(studyId);
    void loadStudies();
    requestAnimationFrame(() => document.getElementById('study-view-title')?.focus());
  };

  return (
    <section className="screen-region runs-region runs-studies" aria-labelledby="runs-studies-title" aria-busy={phase === 'loading'}>
      <div className="runs-studies__head">
        <h2 id="runs-studies-title">Studies</h2>
        <button type="button" className="primary" disabled={!client} onClick={() => client && void useNewStudyStore.getState().open(client)}>
          New study…
        </button>
      </div>
      {phase === 'ready' && studies.length === 0 ? (
        <NoStudiesYet />
      ) : (
        <div className="runs-table">
          <DataTable
            caption={
              <>
                {studies.length} stud{studies.length === 1 ? 'y' : 'ies'}. Select one to follow its runs.
              </>
            }
            columns={studyColumns(selectedStudyId, selectStudy)}
            rows={studies}
            rowKey={(study) => study.id}
            rowClassName={(study) => (study.id === selectedStudyId ? 'runs-task runs-task--selected' : 'runs-task')}
          />
        </div>
      )}
      {formOpen && <NewStudyDialog onStarted={started} />}
    </section>
  );
}

/** What the Studies region says before the workspace has a study: what one is, and the button that starts one. */
export function NoStudiesYet() {
  return (
    <p className="muted">
      No studies yet. A study runs harnesses (agents’ CLIs, or any command) on tasks, with a skill version or none, and keeps each run’s
      transcript, trajectory and artifacts. Press “New study…” to start one.
    </p>
  );
}
