import type { ReactNode } from 'react';
import type { CurationFeedback, FeedbackItem } from '../../schemas/gold-plan.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { feedbackGroups, feedbackSummary, KIND_WORDS, VERDICT_WORDS } from './curator-feedback-groups.ts';
import { useCuratorFeedback } from './use-curator-feedback.ts';

interface Props {
  client: RpcClient | undefined;
  dataRoomId: string;
  /** Whose plan: a name, null the workspace owner's; undefined, the invite link's own. */
  annotator: string | null | undefined;
  /** The heading's level where it is shown (the SME's page: 2; inside a dialog the dialog's title is the heading). */
  titled: boolean;
}

/**
 * What the room's curator kept, changed or dropped of one plan, item by item: each chapter with its
 * notes and citations, a changed item as it was and as the gold plan has it, and the curator's
 * note. It follows the curator's decisions as they are made.
 */
export function CuratorFeedback({ client, dataRoomId, annotator, titled }: Props) {
  const state = useCuratorFeedback(client, dataRoomId, annotator);
  return (
    <section className="curator-feedback" aria-labelledby={titled ? 'curator-feedback-title' : undefined} aria-label={titled ? undefined : "Curator's feedback"}>
      {titled && <h2 id="curator-feedback-title">Curator's feedback</h2>}
      {state.phase === 'loading' && <p className="muted">Reading the curator's feedback…</p>}
      {state.phase === 'failed' && (
        <p className="error-banner" role="alert">
          {state.error}
        </p>
      )}
      {state.phase === 'no-plan' && <p className="muted">Nothing yet: this plan has no chapters, citations or notes for the curator to look at.</p>}
      {state.phase === 'ready' && <FeedbackBody feedback={state.feedback} />}
    </section>
  );
}

/** One plan's feedback as read: the summary, then its global notes and each chapter with its items. */
export function FeedbackBody({ feedback }: { feedback: CurationFeedback }) {
  const { globalNotes, chapters } = feedbackGroups(feedback);
  const curated = feedback.counts.kept + feedback.counts.changed + feedback.counts.dropped > 0;
  return (
    <>
      <p className="curator-feedback__summary" role="status">
        {feedbackSummary(feedback.counts)}
        {!curated && feedback.items.length > 0 && ". The room's curator has not taken anything of this plan into the gold plan yet; their decisions show here as they make them."}
      </p>
      <div className="curator-feedback__items" tabIndex={0} role="group" aria-label="Feedback on the plan, item by item">
        {globalNotes && (
          <ul className="curator-feedback__list">
            <FeedbackEntry item={globalNotes} />
          </ul>
        )}
        <ul className="curator-feedback__list" aria-label="Chapters">
          {chapters.map(({ chapter, items }) => (
            <FeedbackEntry key={chapter.itemId} item={chapter}>
              {items.length > 0 && (
                <ul className="curator-feedback__list" aria-label={`In “${chapter.label}”`}>
                  {items.map((item) => (
                    <FeedbackEntry key={`${item.kind}:${item.itemId}`} item={item} />
                  ))}
                </ul>
              )}
            </FeedbackEntry>
          ))}
        </ul>
      </div>
    </>
  );
}

/** One item: its kind, its verdict, what changed (as it was → as the gold plan has it) and the curator's note. */
function FeedbackEntry({ item, children }: { item: FeedbackItem; children?: ReactNode }) {
  const changed = item.verdict === 'changed' && item.goldLabel !== null;
  return (
    <li className={`curator-feedback__item curator-feedback__item--${item.verdict}`}>
      <p>
        <span className={`verdict verdict--${item.verdict}`}>{VERDICT_WORDS[item.verdict]}</span> <span className="muted">{KIND_WORDS[item.kind]}</span>{' '}
        {changed ? (
          <>
            <span className="visually-hidden">from </span>
            <del>{item.label}</del> <span aria-hidden="true">→</span>
            <span className="visually-hidden"> to </span> <ins>{item.goldLabel}</ins>
          </>
        ) : (
          <span className="curator-feedback__label">{item.label}</span>
        )}
      </p>
      {item.curatorNote !== '' && (
        <p className="curator-feedback__note">
          <span className="muted">Curator's note:</span> {item.curatorNote}
        </p>
      )}
      {children}
    </li>
  );
}
