import type { Side } from './vote-draft.ts';

/**
 * The attributes every iframe of agent-built content gets. Agent output is untrusted: it may run
 * its own scripts (the page needs them) but stays in an opaque origin, so it cannot reach our page,
 * our storage or our API, navigate the app, open windows or dialogs, use any permission-gated
 * feature, or learn our URL from the Referer. Of its `message` events we hear only the two frames'
 * slide turns, of one exact shape, and pass them to the other frame (use-slide-sync.ts).
 */
export const AGENT_FRAME_SANDBOX = 'allow-scripts';

export function agentFrameAttributes(side: Side, src: string) {
  return {
    src,
    sandbox: AGENT_FRAME_SANDBOX,
    referrerPolicy: 'no-referrer',
    allow: '',
    title: side === 'left' ? 'Left output' : 'Right output',
  } as const;
}
