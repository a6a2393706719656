import { useRef, useState } from 'react';
import type { ArenaItem } from '../../schemas/arena.ts';
import { LiveBuildDialog, type LiveRoute } from './LiveBuildDialog.tsx';
import type { Side } from './vote-draft.ts';

const SIDES: readonly { side: Side; label: string }[] = [
  { side: 'left', label: 'Left' },
  { side: 'right', label: 'Right' },
];

/** A design task: each frame's design beside Left's and Right's capture of it, row by row. */
export function FigmaPair({ item }: { item: ArenaItem }) {
  const [live, setLive] = useState<{ side: Side; index: number } | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const routes: LiveRoute[] = item.frames.map((f) => ({ name: f.name, route: f.route, viewport: f.viewport }));

  const open = (side: Side, index: number, button: HTMLElement) => {
    opener.current = button;
    setLive({ side, index });
  };

  return (
    <div className="figma-pair">
      <div className="figma-pair__columns">
        <div className="figma-pair__column-head">
          <h3>Design</h3>
        </div>
        {SIDES.map(({ side, label }) => {
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
            <p className="figma-pair__frame-name">
              <strong>{frame.name}</strong>{' '}
              <span className="muted">
                {frame.route} · {frame.viewport.width}×{frame.viewport.height}
              </span>
            </p>
            <div className="figma-pair__cells">
              <FrameImage src={frame.gtUrl} alt={`Design, frame ${frame.name}`} missing="No design image" />
              {SIDES.map(({ side, label }) => (
                <FrameImage key={side} src={item[side].frameUrls[index] ?? null} alt={`${label}, frame ${frame.name}`} missing="No frame captured" />
              ))}
            </div>
          </li>
        ))}
      </ol>
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

function FrameImage({ src, alt, missing }: { src: string | null; alt: string; missing: string }) {
  if (!src) {
    return (
      <div className="frame-cell frame-cell--missing" role="img" aria-label={`${alt}: ${missing}`}>
        {missing}
      </div>
    );
  }
  return (
    <div className="frame-cell">
      <img src={src} alt={alt} referrerPolicy="no-referrer" decoding="async" />
    </div>
  );
}
