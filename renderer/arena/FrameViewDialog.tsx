import { useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import type { ArenaItem } from '../../schemas/arena.ts';
import { closeOnBackdrop, useModalDialog } from '../ui/use-modal-dialog.ts';
import { canStep, stepZoom, zoomWidth, zoomWords, type FrameZoom } from './frame-zoom.ts';
import { usePinchZoom } from './use-pinch-zoom.ts';
import type { Side } from './vote-draft.ts';
import './frame-view.css';

export type FrameSource = 'design' | Side;
export type FrameView = { kind: 'single'; frameIndex: number; source: FrameSource } | { kind: 'compare'; frameIndex: number };

const SOURCE_LABEL: Record<FrameSource, string> = { design: 'Design', left: 'Left', right: 'Right' };

/** The image of one frame from the design (ground truth) or one side; null when none was captured. */
export function frameImage(item: ArenaItem, frameIndex: number, source: FrameSource): string | null {
  const frame = item.frames[frameIndex];
  if (!frame) return null;
  return source === 'design' ? frame.gtUrl : (item[source].frameUrls[frameIndex] ?? null);
}

function FullImage({ src, alt, zoom }: { src: string | null; alt: string; zoom?: FrameZoom }) {
  if (!src) {
    return (
      <div className="frame-view__missing" role="img" aria-label={`${alt}: not captured`}>
        Not captured
      </div>
    );
  }
  // Fitted to the pane's width by default (the whole frame's width in view); zoomed, or at its
  // natural size (one image pixel per CSS pixel), the pane scrolls.
  const width = zoom === undefined ? '100%' : zoomWidth(zoom);
  return <img className="frame-view__image" src={src} alt={alt} referrerPolicy="no-referrer" decoding="async" style={width === undefined ? undefined : { width }} />;
}

/**
 * A frame at full size in a modal dialog: one image (Design, Left or Right), or Left and Right
 * side by side scrolling together, or one side laid over the design with a slider for its opacity.
 * Only "Design", "Left" and "Right" are ever named: the blinding is the pair's.
 */
export function FrameViewDialog({ item, view, onClose }: { item: ArenaItem; view: FrameView; onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const frame = item.frames[view.frameIndex];
  const [mode, setMode] = useState<'side-by-side' | 'overlay'>('side-by-side');
  const [overlaySide, setOverlaySide] = useState<Side>('left');
  const [opacity, setOpacity] = useState(50);
  const [zoom, setZoom] = useState<FrameZoom>('fit');
  const pinch = usePinchZoom(setZoom);
  const panes = useRef<(HTMLDivElement | null)[]>([]);
  // Where a pane was moved to follow the other: its next scroll event at that place is the echo.
  const echoes = useRef<({ top: number; left: number } | undefined)[]>([]);
  const title = view.kind === 'single' ? `${SOURCE_LABEL[view.source]}, frame ${frame?.name ?? ''}` : `Compare frame ${frame?.name ?? ''}`;

  // Both sides scroll together: moving one moves the other to the same place.
  const onPaneScroll = (index: number) => (event: UIEvent<HTMLDivElement>) => {
    const pane = event.currentTarget;
    const echo = echoes.current[index];
    echoes.current[index] = undefined;
    if (echo && echo.top === pane.scrollTop && echo.left === pane.scrollLeft) return;
    const other = panes.current[1 - index];
    if (!other) return;
    const before = { top: other.scrollTop, left: other.scrollLeft };
    other.scrollTop = pane.scrollTop;
    other.scrollLeft = pane.scrollLeft;
    // Read back: a shorter image clamps; no event comes when nothing moved.
    if (other.scrollTop !== before.top || other.scrollLeft !== before.left) echoes.current[1 - index] = { top: other.scrollTop, left: other.scrollLeft };
  };


  // + and − zoom, 0 fits the width again, 1 shows the actual size: the keys of image viewers.
  const onZoomKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || (event.target as Element).closest('input')) return;
    const next = event.key === '+' || event.key === '=' ? stepZoom(zoom, 1) : event.key === '-' ? stepZoom(zoom, -1) : event.key === '0' ? 'fit' : event.key === '1' ? 'actual' : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setZoom(next);
  };

  return (
    <dialog ref={dialog} className="frame-view" aria-labelledby="frame-view-title" onClick={closeOnBackdrop} onKeyDown={onZoomKey}>
      <header className="frame-view__header">
        <h2 id="frame-view-title">{title}</h2>
        {frame && (
          <span className="muted frame-view__size">
            {frame.viewport.width}×{frame.viewport.height}
          </span>
        )}
        <div className="frame-view__zoom" role="group" aria-label="Zoom">
          <button type="button" aria-label="Zoom out" aria-keyshortcuts="-" disabled={!canStep(zoom, -1)} onClick={() => setZoom(stepZoom(zoom, -1))}>
            −
          </button>
          <output aria-live="polite">{zoomWords(zoom)}</output>
          <button type="button" aria-label="Zoom in" aria-keyshortcuts="+" disabled={!canStep(zoom, 1)} onClick={() => setZoom(stepZoom(zoom, 1))}>
            +
          </button>
          <button type="button" aria-pressed={zoom === 'fit'} aria-keyshortcuts="0" onClick={() => setZoom('fit')}>
            Fit to width
          </button>
          <button type="button" aria-pressed={zoom === 'actual'} aria-keyshortcuts="1" onClick={() => setZoom('actual')}>
            Actual size
          </button>
        </div>
        {view.kind === 'compare' && (
          <div className="frame-view__modes" role="group" aria-label="View">
            <button type="button" aria-pressed={mode === 'side-by-side'} onClick={() => setMode('side-by-side')}>
              Side by side
            </button>
            <button type="button" aria-pressed={mode === 'overlay'} onClick={() => setMode('overlay')}>
              Overlay on the design
            </button>
          </div>
        )}
        <button type="button" className="frame-view__close" onClick={() => dialog.current?.close()}>
          Close <kbd aria-hidden="true">Esc</kbd>
        </button>
      </header>
      {view.kind === 'single' ? (
        <div className="frame-view__pane"
                {...pinch} tabIndex={0} aria-label={title} role="region">
          <FullImage src={frameImage(item, view.frameIndex, view.source)} alt={title} zoom={zoom} />
        </div>
      ) : mode === 'side-by-side' ? (
        <div className="frame-view__sides">
          {(['left', 'right'] as const).map((side, index) => (
            <div key={side} className="frame-view__side">
              <h3>{SOURCE_LABEL[side]}</h3>
              <div
                className="frame-view__pane"
                {...pinch}
                ref={(element) => {
                  panes.current[index] = element;
                }}
                onScroll={onPaneScroll(index)}
                tabIndex={0}
                role="region"
                aria-label={`${SOURCE_LABEL[side]}, frame ${frame?.name ?? ''}, scrolls with the other side`}
              >
                <FullImage src={frameImage(item, view.frameIndex, side)} alt={`${SOURCE_LABEL[side]}, frame ${frame?.name ?? ''}`} zoom={zoom} />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <div className="frame-view__overlay-body">
          <div className="frame-view__overlay-controls">
            <div role="radiogroup" aria-label="Side laid over the design" className="frame-view__modes">
              {(['left', 'right'] as const).map((side) => (
                <button key={side} type="button" role="radio" aria-checked={overlaySide === side} onClick={() => setOverlaySide(side)}>
                  {SOURCE_LABEL[side]}
                </button>
              ))}
            </div>
            <label className="frame-view__slider">
              Design
              <input type="range" min={0} max={100} value={opacity} aria-label={`Opacity of ${SOURCE_LABEL[overlaySide]} over the design`} aria-valuetext={`${opacity}% ${SOURCE_LABEL[overlaySide]}`} onChange={(e) => setOpacity(Number(e.target.value))} />
              {SOURCE_LABEL[overlaySide]}
            </label>
          </div>
          <div className="frame-view__pane"
                {...pinch} tabIndex={0} role="region" aria-label={`${SOURCE_LABEL[overlaySide]} over the design, frame ${frame?.name ?? ''}`}>
            <div className="frame-view__stack" style={zoomWidth(zoom) === undefined ? undefined : { width: zoomWidth(zoom) }}>
              <FullImage src={frameImage(item, view.frameIndex, 'design')} alt={`Design, frame ${frame?.name ?? ''}`} zoom={zoom === 'actual' ? 'actual' : 'fit'} />
              {frameImage(item, view.frameIndex, overlaySide) && (
                <img
                  className="frame-view__image frame-view__over"
                  src={frameImage(item, view.frameIndex, overlaySide)!}
                  alt={`${SOURCE_LABEL[overlaySide]}, frame ${frame?.name ?? ''}, at ${opacity}% over the design`}
                  referrerPolicy="no-referrer"
                  style={{ opacity: opacity / 100, ...(zoom === 'actual' ? {} : { width: '100%' }) }}
                />
              )}
            </div>
          </div>
        </div>
      )}
    </dialog>
  );
}
