import { useEffect, useRef, useState } from 'react';
import { liveUrl } from './live-view.ts';
import { ScaledAgentFrame } from './ScaledAgentFrame.tsx';
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
 */
export function LiveBuildDialog({ side, siteUrl, routes, initialIndex, onClose }: LiveBuildDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(Math.min(initialIndex, routes.length - 1));
  const label = side === 'left' ? 'Left' : 'Right';
  const route = routes[index];
  const closeHandler = useRef(onClose);
  useEffect(() => {
    closeHandler.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const closed = () => closeHandler.current();
    element.addEventListener('close', closed);
    return () => {
      element.removeEventListener('close', closed);
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog ref={dialog} className="live-build" aria-labelledby="live-build-title">
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
      </header>
      {route && <ScaledAgentFrame key={index} side={side} src={liveUrl(siteUrl, route.route)} viewport={route.viewport} stageClassName="live-build__stage" />}
    </dialog>
  );
}
