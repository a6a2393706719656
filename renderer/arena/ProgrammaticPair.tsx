import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type Ref } from 'react';
import type { ArenaItem, ArenaSide } from '../../schemas/arena.ts';
import { SLIDE_KEYS, type SlideTurn } from '../../schemas/slide-sync.ts';
import { isTypingTarget } from '../ui/keyboard.ts';
import { LiveBuildDialog, type LiveRoute } from './LiveBuildDialog.tsx';
import { ScaledAgentFrame } from './ScaledAgentFrame.tsx';
import { SideSwitch, useSideSwipe } from './SideSwitch.tsx';
import { useNarrowWindow } from './use-narrow-window.ts';
import { useSlideSync } from './use-slide-sync.ts';
import type { Side } from './vote-draft.ts';

/** Presentations are laid out for a 16:9 screen; the larger view shows them at this size. */
const PRESENTATION_ROUTE: LiveRoute = { name: 'Presentation', route: '/', viewport: { width: 1280, height: 720 } };

/**
 * On the page a presentation lays out at its pane's own width, drawn 1:1 so its text is read at its
 * real size (at 1280 shrunk into a pane it was drawn at about a third, 4–5 px text); a pane narrower
 * than this (a phone) shrinks a layout of this width, which keeps a slide's text readable.
 */
const INLINE_MIN_LAYOUT_WIDTH = 480;

/** Both sides are presentations shown live (no video on either), so their slides can turn together. */
const bothDecks = (item: ArenaItem) => !item.left.videoUrl && !item.right.videoUrl && item.left.siteUrl !== null && item.right.siteUrl !== null;

/**
 * A content task: the two outputs side by side, a video where there is one, else the presentation.
 * Two presentations turn together: the Previous/Next buttons and PageUp/PageDown turn both, and a
 * slide key pressed inside one deck turns the other too (use-slide-sync.ts).
 */
export function ProgrammaticPair({ item }: { item: ArenaItem }) {
  const [large, setLarge] = useState<Side | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const leftFrame = useRef<HTMLIFrameElement>(null);
  const rightFrame = useRef<HTMLIFrameElement>(null);
  const { turnBoth, turnOne } = useSlideSync(leftFrame, rightFrame);
  const synced = bothDecks(item);
  const largeUrl = large ? item[large].siteUrl : null;
  // On a phone's width one side at a time, in the same place: both stay loaded (the hidden one
  // keeps its slide and turns with the other), so switching shows the same slide at once.
  const narrow = useNarrowWindow();
  const [shown, setShown] = useState<Side>('left');
  const swipe = useSideSwipe(setShown);

  // On the page the arrows prefer a side, so the slide keys here are those of a presenter's remote.
  useEffect(() => {
    if (!synced) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTypingTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const turn = event.key === 'PageDown' ? 'next' : event.key === 'PageUp' ? 'previous' : undefined;
      if (!turn) return;
      event.preventDefault();
      turnBoth(turn);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [synced, turnBoth]);

  return (
    <div className="programmatic-pair">
      {synced && (
        <div className="programmatic-pair__slides" role="group" aria-label="Slides, both sides">
          <button type="button" onClick={() => turnBoth('previous')}>
            Previous slide (both sides)
          </button>
          <button type="button" onClick={() => turnBoth('next')}>
            Next slide (both sides)
          </button>
          <span className="muted">PageUp / PageDown; arrow keys inside either side turn both</span>
        </div>
      )}
      {narrow && <SideSwitch shown={shown} onShow={setShown} />}
      <div className={narrow ? 'programmatic-pair__sides programmatic-pair__sides--one' : 'programmatic-pair__sides'} {...(narrow ? swipe : {})}>
        {(['left', 'right'] as const).map((side) => (
          <Output
            key={side}
            side={side}
            output={item[side]}
            frameRef={side === 'left' ? leftFrame : rightFrame}
            hidden={narrow && shown !== side}
            onSlideKey={(turn) => (synced ? turnBoth(turn) : turnOne(side, turn))}
            onEnlarge={(button) => {
              opener.current = button;
              setLarge(side);
            }}
          />
        ))}
      </div>
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

interface OutputProps {
  side: Side;
  output: ArenaSide;
  frameRef: Ref<HTMLIFrameElement>;
  /** Switched away from on a phone: still laid out and loaded, but neither seen, read nor reached by Tab. */
  hidden: boolean;
  /** A slide key pressed on the deck's stage: the deck turns (and, in a pair of decks, the other with it). */
  onSlideKey: (turn: SlideTurn) => void;
  onEnlarge: (button: HTMLElement) => void;
}

/** The slide turn a key on a deck's stage asks for, if any (a presenter's remote sends these keys too). */
function slideTurnOf(event: ReactKeyboardEvent): SlideTurn | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  return (Object.keys(SLIDE_KEYS) as SlideTurn[]).find((turn) => SLIDE_KEYS[turn].includes(event.key));
}

function Output({ side, output, frameRef, hidden, onSlideKey, onEnlarge }: OutputProps) {
  const label = side === 'left' ? 'Left' : 'Right';
  const stageKeys = {
    label: `${label} output: arrow keys turn its slides`,
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => {
      const turn = slideTurnOf(event);
      if (!turn) return;
      // Handled here, so the page's own arrow keys (which prefer a side) leave it alone.
      event.preventDefault();
      onSlideKey(turn);
    },
  };
  return (
    <div className={hidden ? 'programmatic-pair__side programmatic-pair__side--hidden' : 'programmatic-pair__side'} inert={hidden} aria-hidden={hidden || undefined}>
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
        <ScaledAgentFrame
          side={side}
          src={output.siteUrl}
          frameRef={frameRef}
          viewport={PRESENTATION_ROUTE.viewport}
          minLayoutWidth={INLINE_MIN_LAYOUT_WIDTH}
          stageClassName="programmatic-pair__media programmatic-pair__stage"
          keys={stageKeys}
        />
      ) : (
        <div className="frame-cell frame-cell--missing programmatic-pair__media" role="img" aria-label={`${label} output: nothing captured`}>
          No output captured
        </div>
      )}
    </div>
  );
}
