import { useEffect, useState } from 'react';
import { formatCountOf } from '../../schemas/format-number.ts';
import { dateTimeText } from '../ui/date-time-text.ts';
import { useModalDialog } from '../ui/use-modal-dialog.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { PlanComparisonView } from './PlanComparisonView.tsx';

const NAME_KEY = 'lhb.annotator.planName';
const REVIEWER_KEY = 'lhb.annotator.reviewerName';
const remembered = (key: string) => {
  try {
    return globalThis.localStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
};
const remember = (key: string, value: string) => {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // A convenience only: storage full or disabled.
  }
};

/**
 * Team plans: submit the data room's plan under your name, see each annotator's submitted plan,
 * compare two of them (which spans both cited, which one only, per chapter, with agreement), and
 * approve one as a reviewer, or take an approval back.
 */
export function TeamPlansDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const dataRoom = useAnnotatorStore((s) => s.dataRoom);
  const planSubmissions = useAnnotatorStore((s) => s.planSubmissions);
  const comparison = useAnnotatorStore((s) => s.planComparison);
  const submissions = planSubmissions?.dataRoomId === dataRoom?.id ? (planSubmissions?.submissions ?? []) : [];
  const [name, setName] = useState(() => remembered(NAME_KEY));
  const [reviewer, setReviewer] = useState(() => remembered(REVIEWER_KEY));
  const [said, setSaid] = useState('');
  const [pickA, setPickA] = useState('');
  const [pickB, setPickB] = useState('');
  const store = useAnnotatorStore.getState();
  useEffect(() => {
    void useAnnotatorStore.getState().loadPlanSubmissions();
  }, []);
  const names = submissions.map((s) => s.annotator);
  const planA = names.includes(pickA) ? pickA : (names[0] ?? '');
  const planB = names.includes(pickB) ? pickB : (names.find((n) => n !== planA) ?? '');
  const shown = comparison && comparison.dataRoom.id === dataRoom?.id && comparison.a.annotator === planA && comparison.b.annotator === planB ? comparison : undefined;

  const submit = async () => {
    const annotator = name.trim();
    if (!annotator) return setSaid('Type your name to submit the plan under it.');
    remember(NAME_KEY, annotator);
    const answer = await store.submitPlan(annotator);
    if (!answer) return;
    const { submission, clearedApproval } = answer;
    const counts = `${formatCountOf(submission.chapterCount, 'chapter')}, ${formatCountOf(submission.citationCount, 'citation')}`;
    setSaid(
      clearedApproval
        ? `Submitted the plan as ${submission.annotator} (${counts}). It replaces the plan ${clearedApproval.by} approved on ${dateTimeText(clearedApproval.at)}; the new plan is not approved yet.`
        : `Submitted the plan as ${submission.annotator} (${counts}).`,
    );
  };

  const approve = async (annotator: string) => {
    const by = reviewer.trim();
    if (!by) return setSaid('Type your name as reviewer to approve a plan.');
    remember(REVIEWER_KEY, by);
    await store.approvePlan(annotator, by);
    setSaid(`Approved ${annotator}’s plan as ${by}.`);
  };

  return (
    <dialog ref={dialog} className="team-plans" aria-labelledby="team-plans-title">
      <header className="team-plans__header">
        <h2 id="team-plans-title">Team plans</h2>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>
      <p className="muted">
        Each annotator submits this data room’s chapter plan under their name; the submitted plan stays as it was, so plans can be compared before one is approved.
      </p>
      <form
        className="team-plans__submit"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          Your name <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <button type="submit">Submit this plan</button>
      </form>
      <p role="status" className="team-plans__said">
        {said}
      </p>
      <label className="team-plans__reviewer">
        Reviewer <input value={reviewer} onChange={(e) => setReviewer(e.target.value)} maxLength={100} />
      </label>
      {submissions.length === 0 ? (
        <p className="muted">No plan submitted yet.</p>
      ) : (
        <table aria-label="Submitted plans">
          <thead>
            <tr>
              <th scope="col">Annotator</th>
              <th scope="col">Submitted</th>
              <th scope="col">Plan</th>
              <th scope="col">Approval</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {submissions.map((s) => (
              <tr key={s.annotator}>
                <th scope="row">{s.annotator}</th>
                <td>{dateTimeText(s.submittedAt)}</td>
                <td>
                  {formatCountOf(s.chapterCount, 'chapter')}, {formatCountOf(s.citationCount, 'citation')}
                  {s.matchesWorkingPlan ? ' · the plan on screen' : ' · differs from the plan on screen'}
                </td>
                <td>{s.approval ? `Approved by ${s.approval.by} on ${dateTimeText(s.approval.at)}` : 'Not approved'}</td>
                <td>
                  {s.approval ? (
                    <button type="button" onClick={() => void store.unapprovePlan(s.annotator).then(() => setSaid(`${s.annotator}’s plan is no longer approved.`))}>
                      Un-approve
                    </button>
                  ) : (
                    <button type="button" onClick={() => void approve(s.annotator)}>
                      Approve
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {submissions.length >= 2 && (
        <div className="team-plans__compare" role="group" aria-label="Compare two plans">
          {([
            ['Plan A', planA, setPickA],
            ['Plan B', planB, setPickB],
          ] as const).map(([label, value, pick]) => (
            <label key={label}>
              {label}{' '}
              <select value={value} onChange={(e) => pick(e.target.value)}>
                {names.map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </label>
          ))}
          <button type="button" disabled={planA === planB} onClick={() => void store.comparePlans(planA, planB)}>
            Compare
          </button>
        </div>
      )}
      {shown && <PlanComparisonView comparison={shown} />}
    </dialog>
  );
}
