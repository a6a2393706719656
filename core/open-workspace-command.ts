import { shellQuote } from './shell-quote.ts';

/** The command that opens a workspace in the app (browser or desktop alike): `lhb init` and "New workspace…" both answer with it. */
export const openWorkspaceCommand = (dir: string): string => `lhb serve --workspace ${shellQuote(dir)}`;
