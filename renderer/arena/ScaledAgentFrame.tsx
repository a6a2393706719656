import { useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { AgentFrame } from './AgentFrame.tsx';
import { fitViewport } from './live-view.ts';
import { useFrameHasKeys } from './use-frame-has-keys.ts';
import type { Side } from './vote-draft.ts';

interface ScaledAgentFrameProps {
  side: Side;
  src: string;
  /** The size the page was designed for; it lays out at this width and is shrunk to fit. */
  viewport: { width: number; height: number };
  /**
   * Lay the page out at the stage's own width instead (drawn 1:1, text at its real size, as a
   * responsive page reflows), never narrower than this: a narrower stage shrinks that layout.
   */
  minLayoutWidth?: number;
  /** The measured space the frame fits into (its size comes from CSS). */
  stageClassName: string;
  frameRef?: Ref<HTMLIFrameElement>;
  /** When the stage scrolls (a page taller than the space), its name: it then takes the keyboard's focus to scroll. */
  scrollLabel?: string;
  /**
   * A deck turned by its keys: the stage takes the keyboard's focus under this name and hands its
   * keys here. Tab passes over a cross-origin frame with nothing focusable inside (a deck turned by
   * arrow keys only), so without a stop of its own a keyboard could never reach such a deck.
   */
  keys?: { label: string; onKeyDown(event: KeyboardEvent<HTMLDivElement>): void };
}

/** Agent content at its design width, scaled down to the space it has, so layout matches the design. */
export function ScaledAgentFrame({ side, src, viewport, minLayoutWidth, stageClassName, frameRef, scrollLabel, keys }: ScaledAgentFrameProps) {
  const stage = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState({ width: 0, height: 0 });
  const hasKeys = useFrameHasKeys(stage);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setAvailable({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const layout = minLayoutWidth === undefined ? viewport : { width: Math.max(minLayoutWidth, available.width), height: 0 };
  const fitted = fitViewport(layout, available);
  const focusable = keys ? { tabIndex: 0, role: 'group', 'aria-label': keys.label, onKeyDown: keys.onKeyDown } : scrollLabel === undefined ? {} : { tabIndex: 0, role: 'region', 'aria-label': scrollLabel };
  return (
    <div ref={stage} className={hasKeys ? `${stageClassName} agent-stage--has-keys` : stageClassName} data-scale={fitted.scale.toFixed(3)} {...focusable}>
      {available.width > 0 && (
        <div className="scaled-frame__box" style={{ width: fitted.boxWidth, height: fitted.boxHeight }}>
          <AgentFrame
            side={side}
            src={src}
            frameRef={frameRef}
            className="scaled-frame__frame"
            style={{ width: fitted.width, height: fitted.height, transform: `scale(${fitted.scale})` }}
          />
        </div>
      )}
    </div>
  );
}
