import { useEffect, type KeyboardEvent } from 'react';
import { useConnectedClient } from '../api/connected-client.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { AnnotatorBar } from './AnnotatorBar.tsx';
import { useArenaStore, type ArenaTab } from './arena-store.ts';
import { StudyPanel } from './StudyPanel.tsx';
import { VoteTab } from './VoteTab.tsx';
import './arena.css';

const TABS: readonly { id: ArenaTab; label: string }[] = [
  { id: 'vote', label: 'Vote' },
  { id: 'study', label: 'Study' },
];

/**
 * The blind preference arena: a voter's tab (profile, the pair, the vote, their own votes) and,
 * apart from it so voters never see running totals, the study owner's tab.
 */
export function ArenaScreen() {
  const client = useConnectedClient();
  const tab = useArenaStore((s) => s.tab);
  const error = useArenaStore((s) => s.error);
  const announcement = useArenaStore((s) => s.announcement);
  const { showTab, dismissError } = useArenaStore.getState();

  useEffect(() => {
    if (client) useArenaStore.getState().connect(client);
  }, [client]);

  // The tabs pattern: arrows move between tabs; they must not also reach the voting keys.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    event.stopPropagation();
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    showTab(TABS[next]!.id);
    document.getElementById(`arena-tab-${TABS[next]!.id}`)?.focus();
  };

  return (
    <div className="arena">
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      <div className="arena__top">
        <AnnotatorBar />
        <div className="arena__tabs" role="tablist" aria-label="Arena views" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`arena-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`arena-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => showTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id="arena-panel-vote" aria-labelledby="arena-tab-vote" hidden={tab !== 'vote'} className="arena__panel">
        {tab === 'vote' && <VoteTab />}
      </div>
      <div role="tabpanel" id="arena-panel-study" aria-labelledby="arena-tab-study" hidden={tab !== 'study'} className="arena__panel">
        {tab === 'study' && <StudyPanel />}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
