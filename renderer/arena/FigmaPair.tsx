import { useRef, useState } from 'react';
import type { ArenaItem } from '../../schemas/arena.ts';
import { FrameViewDialog, type FrameView } from './FrameViewDialog.tsx';
import { LiveBuildDialog, type LiveRoute } from './LiveBuildDialog.tsx';
import { SideSwitch, useSideSwipe } from './SideSwitch.tsx';
import { useNarrowWindow } from './use-narrow-window.ts';
import type { Side } from './vote-draft.ts';

const SIDES: readonly { side: Side; label: string }[] = [
  { side: 'left', label: 'Left' },
  { side: 'right', label: 'Right' },
];

/**
 * A design task: each frame's design beside Left's and Right's capture of it, row by row. On a
 * phone's width, the design beside one side at a time, with a Left/Right switch (and a swipe).
 */
export function FigmaPair({ item }: { item: ArenaItem }) {
  const narrow = useNarrowWindow();
  const [shown, setShown] = useState<Side>('left');
  const swipe = useSideSwipe(setShown);
  const sides = narrow ? SIDES.filter((s) => s.side === shown) : SIDES;
  const [live, setLive] = useState<{ side: Side; index: number } | undefined>();
  const [frameView, setFrameView] = useState<FrameView | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const showFrame = (view: FrameView, button: HTMLElement) => {
    opener.current = button;
    setFrameView(view);
  };
  const routes: LiveRoute[] = item.frames.map((f) => ({ name: f.name, route: f.route, viewport: f.viewport }));

  const open = (side: Side, index: number, button: HTMLElement) => {
    opener.current = button;
    setLive({ side, index });
  };

  return (
    <div className={narrow ? 'figma-pair figma-pair--one-side' : 'figma-pair'}>
      <div className="figma-pair__columns">
        {narrow && <SideSwitch shown={shown} onShow={setShown} />}
        <div className="figma-pair__column-head">
          <h3>Design</h3>
        </div>
        {sides.map(({ side, label }) => {
          const siteUrl = item[side].siteUrl;
          return (
            <div key={side} className="figma-pair__column-head">
              <h3>{label}</h3>
              <button type="button" aria-label={`Open live build, ${label}`} disabled={!siteUrl || routes.length === 0} onClick={(e) => open(side, 0, e.currentTarget)}>
                Open live build
              </button>
              {!siteUrl && <span className="muted">No live build</span>}
            </div>
          );
        })}
      </div>
      {item.frames.length === 0 && <p className="muted">This task has no frames to compare.</p>}
      <ol className="figma-pair__rows">
        {item.frames.map((frame, index) => (
          <li key={`${index}-${frame.route}`} className="figma-pair__row" aria-label={`Frame ${frame.name}`}>
            <div className="figma-pair__frame-head">
              <p className="figma-pair__frame-name">
                <strong>{frame.name}</strong>{' '}
                <span className="muted">
                  {frame.route} · {frame.viewport.width}×{frame.viewport.height}
                </span>
              </p>
              <button type="button" aria-label={`Compare large: Left and Right, frame ${frame.name}`} onClick={(e) => showFrame({ kind: 'compare', frameIndex: index }, e.currentTarget)}>
                Compare large
              </button>
            </div>
            <div className="figma-pair__cells" {...(narrow ? swipe : {})}>
              <FrameImage src={frame.gtUrl} alt={`Design, frame ${frame.name}`} missing="No design image" onEnlarge={(button) => showFrame({ kind: 'single', frameIndex: index, source: 'design' }, button)} />
              {sides.map(({ side, label }) => (
                <FrameImage
                  key={side}
                  src={item[side].frameUrls[index] ?? null}
                  alt={`${label}, frame ${frame.name}`}
                  missing="No frame captured"
                  onEnlarge={(button) => showFrame({ kind: 'single', frameIndex: index, source: side }, button)}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
      {frameView && (
        <FrameViewDialog
          item={item}
          view={frameView}
          onClose={() => {
            setFrameView(undefined);
            opener.current?.focus();
          }}
        />
      )}
      {live && item[live.side].siteUrl && (
        <LiveBuildDialog
          side={live.side}
          siteUrl={item[live.side].siteUrl!}
          routes={routes}
          initialIndex={live.index}
          onClose={() => {
            setLive(undefined);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function FrameImage({ src, alt, missing, onEnlarge }: { src: string | null; alt: string; missing: string; onEnlarge: (button: HTMLElement) => void }) {
  if (!src) {
    return (
      <div className="frame-cell frame-cell--missing" role="img" aria-label={`${alt}: ${missing}`}>
        {missing}
      </div>
    );
  }
  return (
    <button type="button" className="frame-cell frame-cell--button" aria-label={`Enlarge ${alt}`} title="Show at full size" onClick={(e) => onEnlarge(e.currentTarget)}>
      <img src={src} alt={alt} referrerPolicy="no-referrer" decoding="async" />
    </button>
  );
}
