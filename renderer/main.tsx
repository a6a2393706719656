import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PreloadBridge } from '../schemas/rpc.ts';
import { chooseClient } from './api/create-client.ts';
import { App } from './app/App.tsx';
import { useAppStore } from './app/app-store.ts';
import { NoTokenNotice } from './app/NoTokenNotice.tsx';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const choice = chooseClient(window as Window & { lhb?: PreloadBridge });
if (choice.kind === 'no-token') {
  root.render(<NoTokenNotice />);
} else {
  useAppStore.getState().connect(choice.client);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
