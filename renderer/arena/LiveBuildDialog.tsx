import { useState } from 'react';
import { closeOnBackdrop, useModalDialog } from '../ui/use-modal-dialog.ts';
import { liveUrl } from './live-view.ts';
import { ScaledAgentFrame } from './ScaledAgentFrame.tsx';
import { useFrameHasKeys } from './use-frame-has-keys.ts';
import type { Side } from './vote-draft.ts';

export interface LiveRoute {
  name: string;
  route: string;
  viewport: { width: number; height: number };
}

interface LiveBuildDialogProps {
  side: Side;
  siteUrl: string;
  routes: readonly LiveRoute[];
  initialIndex: number;
  /** Called once the dialog has closed; the opener puts focus back where it was. */
  onClose: () => void;
}

/**
 * One side's live build, large, in a modal dialog: the page at the frame's viewport width (scaled
 * down to fit), one route at a time. A native modal <dialog> makes the rest of the app inert while
 * it is open, and Esc closes it.
 *
 * Once the voter clicks inside the build, the keyboard belongs to the build's (cross-origin)
 * frame and Esc never reaches this page; nothing on our side can catch it, and pulling focus back
 * would break the build's own keys. So the dialog says so while the build has the keyboard, and a
 * click outside the dialog (on the dimmed backdrop) closes it, as does Close. Any click on the
 * dialog's own bar gives the keyboard back to the page, and Esc works again.
 */
export function LiveBuildDialog({ side, siteUrl, routes, initialIndex, onClose }: LiveBuildDialogProps) {
  const dialog = useModalDialog(onClose);
  const [index, setIndex] = useState(Math.min(initialIndex, routes.length - 1));
  const label = side === 'left' ? 'Left' : 'Right';
  const route = routes[index];
  const buildHasKeys = useFrameHasKeys(dialog);

  return (
    // The backdrop click is a pointer shortcut; Esc and Close are the keyboard's ways out.
    <dialog ref={dialog} className="live-build" aria-labelledby="live-build-title" onClick={closeOnBackdrop}>
      <header className="live-build__header">
        <h2 id="live-build-title">{label} live build</h2>
        {routes.length > 1 && (
          <div className="live-build__routes" role="group" aria-label="Routes">
            {routes.map((r, i) => (
              <button key={`${i}-${r.route}`} type="button" aria-pressed={i === index} onClick={() => setIndex(i)}>
                {r.name} <span className="muted">{r.route}</span>
              </button>
            ))}
          </div>
        )}
        {route && (
          <p className="muted live-build__scale">
            {route.viewport.width}×{route.viewport.height} viewport, shrunk to fit the window
          </p>
        )}
        <button type="button" className="live-build__close" onClick={() => dialog.current?.close()}>
          Close <kbd aria-hidden="true">Esc</kbd>
        </button>
        <p className="live-build__keys-note" role="status">
          {buildHasKeys ? 'Esc goes to the build while it has the keyboard: click this bar and Esc closes again, or click outside the build, or press Close.' : ''}
        </p>
      </header>
      {route && <ScaledAgentFrame key={index} side={side} src={liveUrl(siteUrl, route.route)} viewport={route.viewport} stageClassName="live-build__stage" scrollLabel={`${label} live build, scrolls`} />}
    </dialog>
  );
}
