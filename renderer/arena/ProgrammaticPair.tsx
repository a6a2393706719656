import { useRef, useState } from 'react';
import type { ArenaItem, ArenaSide } from '../../schemas/arena.ts';
import { LiveBuildDialog, type LiveRoute } from './LiveBuildDialog.tsx';
import { ScaledAgentFrame } from './ScaledAgentFrame.tsx';
import type { Side } from './vote-draft.ts';

/** Presentations are laid out for a 16:9 screen; the larger view shows them at this size. */
const PRESENTATION_ROUTE: LiveRoute = { name: 'Presentation', route: '/', viewport: { width: 1280, height: 720 } };

/** A content task: the two outputs side by side, a video where there is one, else the presentation. */
export function ProgrammaticPair({ item }: { item: ArenaItem }) {
  const [large, setLarge] = useState<Side | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const largeUrl = large ? item[large].siteUrl : null;
  return (
    <div className="programmatic-pair">
      <Output side="left" output={item.left} onEnlarge={(button) => { opener.current = button; setLarge('left'); }} />
      <Output side="right" output={item.right} onEnlarge={(button) => { opener.current = button; setLarge('right'); }} />
      {large && largeUrl && (
        <LiveBuildDialog
          side={large}
          siteUrl={largeUrl}
          routes={[PRESENTATION_ROUTE]}
          initialIndex={0}
          onClose={() => {
            setLarge(undefined);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function Output({ side, output, onEnlarge }: { side: Side; output: ArenaSide; onEnlarge: (button: HTMLElement) => void }) {
  const label = side === 'left' ? 'Left' : 'Right';
  return (
    <div className="programmatic-pair__side">
      <div className="programmatic-pair__head">
        <h3>{label}</h3>
        {!output.videoUrl && output.siteUrl && (
          <button type="button" aria-label={`Open larger, ${label}`} onClick={(e) => onEnlarge(e.currentTarget)}>
            Open larger
          </button>
        )}
      </div>
      {output.videoUrl ? (
        <video className="programmatic-pair__media" src={output.videoUrl} controls preload="metadata" aria-label={`${label} output`} />
      ) : output.siteUrl ? (
        <ScaledAgentFrame side={side} src={output.siteUrl} viewport={PRESENTATION_ROUTE.viewport} stageClassName="programmatic-pair__media programmatic-pair__stage" />
      ) : (
        <div className="frame-cell frame-cell--missing programmatic-pair__media" role="img" aria-label={`${label} output: nothing captured`}>
          No output captured
        </div>
      )}
    </div>
  );
}
