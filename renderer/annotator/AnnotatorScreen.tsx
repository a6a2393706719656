import { useEffect } from 'react';
import type { RpcClient } from '../../schemas/rpc.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { useAnnotatorStore } from './annotator-store.ts';
import { ChaptersPanel } from './ChaptersPanel.tsx';
import { CurationPanel } from './CurationPanel.tsx';
import { DataRoomBar } from './DataRoomBar.tsx';
import { DocumentPanel } from './DocumentPanel.tsx';
import { NewDataRoomForm } from './NewDataRoomForm.tsx';
import type { PlanInvite } from './plan-annotator-slice.ts';
import { SourcesPanel } from './SourcesPanel.tsx';
import { useAnnotatorShortcuts } from './use-annotator-shortcuts.ts';
import './annotator.css';
import './plans.css';
import './curation.css';

/** A file dropped outside the Sources panel would replace the app in the tab: refuse it. */
function useRefuseStrayDrops(): void {
  useEffect(() => {
    const refuse = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files') && !event.defaultPrevented) {
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
      }
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);
}

/**
 * The annotator: Sources, Document and Chapters side by side for one data room (in the owner's
 * Curate mode, the plans being curated instead of Chapters). On an SME's invite link (`client` and `invite` given by its page), their one room and their own plan.
 */
export function AnnotatorScreen({ client: inviteClient, invite }: { client?: RpcClient; invite?: PlanInvite } = {}) {
  const ownerClient = useConnectedClient();
  const client = inviteClient ?? ownerClient;
  const phase = useAnnotatorStore((s) => s.phase);
  const error = useAnnotatorStore((s) => s.error);
  const announcement = useAnnotatorStore((s) => s.announcement);
  const dismissError = useAnnotatorStore((s) => s.dismissError);
  const curating = useAnnotatorStore((s) => s.curating && s.invite === undefined);
  // Until the workspace's rooms are read, nothing is known to show: panels drawn then (with an
  // Import button and an Add chapter that could do nothing) were replaced by the first-room form
  // when the list came back empty, under a pointer already on its way to them.
  const opening = useAnnotatorStore((s) => (s.phase === 'idle' || s.phase === 'loading') && s.dataRoom === undefined);

  useEffect(() => (client ? useAnnotatorStore.getState().connect(client, invite) : undefined), [client, invite]);
  useAnnotatorShortcuts();
  useRefuseStrayDrops();

  return (
    <div className="annotator">
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      {opening ? (
        <p className="annotator__opening muted" role="status">
          Opening the data room…
        </p>
      ) : phase === 'no-data-room' ? (
        <div className="annotator__first-data-room">
          <h2>Make your first data room</h2>
          <p>A data room holds the sources you cite and the chapter plan built from them.</p>
          <NewDataRoomForm />
        </div>
      ) : (
        <>
          <DataRoomBar />
          <div className={curating ? 'annotator__panels annotator__panels--curating' : 'annotator__panels'} aria-busy={phase === 'loading'}>
            <SourcesPanel />
            <DocumentPanel />
            {curating ? <CurationPanel /> : <ChaptersPanel />}
          </div>
        </>
      )}
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
