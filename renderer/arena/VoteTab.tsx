import { ProgressBar } from '../ui/ProgressBar.tsx';
import { AnnotatorPicker } from './AnnotatorPicker.tsx';
import { useArenaStore } from './arena-store.ts';
import { KeyLegend } from './KeyLegend.tsx';
import { PairSection } from './PairSection.tsx';
import { QueueDonePanel } from './QueueDonePanel.tsx';
import { useArenaShortcuts } from './use-arena-shortcuts.ts';
import { VoteBar } from './VoteBar.tsx';
import { VotePanel } from './VotePanel.tsx';
import { progressText } from './vote-words.ts';
import { YourVotes } from './YourVotes.tsx';

/** The voter's tab: the profile picker until one is chosen, then the pair, the vote and their votes. */
export function VoteTab() {
  const annotatorId = useArenaStore((s) => s.annotatorId);
  const choosing = useArenaStore((s) => s.choosingAnnotator);
  const phase = useArenaStore((s) => s.annotatorsPhase);

  if (!annotatorId || choosing) {
    if (phase === 'loading' || phase === 'idle') {
      return (
        <p className="arena__loading" aria-busy="true">
          Loading annotators…
        </p>
      );
    }
    return <AnnotatorPicker />;
  }
  return <Voting />;
}

function Voting() {
  const progress = useArenaStore((s) => s.progress);
  const queueDone = useArenaStore((s) => s.itemPhase === 'empty');
  useArenaShortcuts();
  return (
    <div className="arena__voting">
      <div className="arena__progress" role="group" aria-label="Your progress">
        <p className="arena__progress-text">{progress ? progressText(progress) : 'Counting pairs…'}</p>
        <ProgressBar label="Pairs voted" done={progress?.done ?? 0} total={progress?.total ?? 0} />
      </div>
      <div className="arena__layout">
        <PairSection />
        <div className="arena__side">
          {queueDone ? (
            <QueueDonePanel />
          ) : (
            <>
              <VotePanel />
              <KeyLegend />
            </>
          )}
          <YourVotes />
        </div>
      </div>
      {!queueDone && <VoteBar />}
    </div>
  );
}
