import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PreloadBridge, RpcClient } from '../schemas/rpc.ts';
import { chooseClient } from './api/create-client.ts';
import { App } from './app/App.tsx';
import { useAppStore } from './app/app-store.ts';
import { chooseSession } from './app/choose-session.ts';
import { InviteRefusedNotice } from './app/InviteRefusedNotice.tsx';
import { NoTokenNotice } from './app/NoTokenNotice.tsx';
import { PlanInviteShell } from './annotator/PlanInviteShell.tsx';
import { VoterShell } from './arena/VoterShell.tsx';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const choice = chooseClient(window as Window & { lhb?: PreloadBridge });
if (choice.kind === 'no-token') {
  root.render(<NoTokenNotice />);
} else if (!choice.invite) {
  startOwnerApp(choice.client);
} else {
  // An invite link: the server says what this token may do (session.whoami), and refuses the rest.
  void chooseSession(choice.client).then((session) => {
    if (session.kind === 'refused') return root.render(<InviteRefusedNotice message={session.message} />);
    if (session.kind === 'owner') return startOwnerApp(choice.client);
    if (session.kind === 'annotator') {
      return root.render(
        <StrictMode>
          <PlanInviteShell client={choice.client} invite={session.invite} />
        </StrictMode>,
      );
    }
    root.render(
      <StrictMode>
        <VoterShell client={choice.client} voter={session.voter} />
      </StrictMode>,
    );
  });
}

function startOwnerApp(client: RpcClient): void {
  useAppStore.getState().connect(client);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
