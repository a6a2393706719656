import { useEffect } from 'react';
import { useConnectedClient } from '../api/connected-client.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { JudgingRegion } from './JudgingRegion.tsx';
import { JudgmentsBrowser } from './JudgmentsBrowser.tsx';
import { JudgeCostRegion } from './JudgeCostRegion.tsx';
import { RubricsRegion } from './RubricsRegion.tsx';
import { useRubricsStore } from './rubrics-store.ts';
import './judge.css';

/**
 * The Judges screen. Each concern is its own region stacked here: the rubric library today;
 * judging jobs and the judgment browser sit beside it as further regions.
 */
export function JudgeScreen() {
  const client = useConnectedClient();
  const error = useRubricsStore((s) => s.error);
  const announcement = useRubricsStore((s) => s.announcement);
  const { dismissError } = useRubricsStore.getState();

  useEffect(() => {
    if (client) useRubricsStore.getState().connect(client);
  }, [client]);

  return (
    <div className="judge">
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      <RubricsRegion />
      <JudgingRegion />
      <JudgmentsBrowser />
      <JudgeCostRegion />
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
