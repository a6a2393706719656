import { useEffect, useRef, useState } from 'react';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { useAnnotatorStore } from './annotator-store.ts';
import { errorMessage } from './error-message.ts';
import { comparableText, openOriginalPdf, pieceInQuote } from './pdf-original.ts';

interface Highlight {
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
}

/** Narrowest the page is drawn (CSS px); otherwise it fills its column, in device pixels for a sharp page. */
const MIN_PAGE_WIDTH = 280;

/**
 * The original PDF page beside the text, drawn by pdf.js, with the cited lines' text marked on
 * it, so the SME can check a quote against the page it came from.
 */
export function PdfPageView() {
  const view = useAnnotatorStore((s) => s.pageView);
  const client = useAnnotatorStore((s) => s.client);
  const { stepPage, closePage } = useAnnotatorStore.getState();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; pageCount?: number; highlights: Highlight[]; error?: string; size?: { width: number; height: number } }>({ status: 'loading', highlights: [] });

  useEffect(() => {
    if (!view || !client) return;
    let cancelled = false;
    setState((previous) => ({ ...previous, status: 'loading', highlights: [] }));
    void (async () => {
      try {
        const pdf = await openOriginalPdf(client, view.sourceId, view.versionId);
        const pageNumber = Math.min(view.page, pdf.numPages);
        const page = await pdf.getPage(pageNumber);
        const base = page.getViewport({ scale: 1 });
        const width = Math.max(MIN_PAGE_WIDTH, (scrollRef.current?.clientWidth ?? MIN_PAGE_WIDTH) - 16);
        const viewport = page.getViewport({ scale: width / base.width });
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
        const quote = comparableText(view.quote);
        const { Util } = await import('pdfjs-dist');
        const content = await page.getTextContent();
        const highlights: Highlight[] = [];
        for (const item of content.items) {
          if (!('str' in item) || !pieceInQuote((item as TextItem).str, quote)) continue;
          const text = item as TextItem;
          const [, , c, d, x, y] = Util.transform(viewport.transform, text.transform) as number[];
          const height = Math.hypot(c!, d!);
          highlights.push({ left: x!, top: y! - height, width: text.width * viewport.scale, height: height * 1.15, text: text.str });
        }
        if (!cancelled) setState({ status: 'ready', pageCount: pdf.numPages, highlights, size: { width: viewport.width, height: viewport.height } });
      } catch (error) {
        if (!cancelled) setState({ status: 'failed', highlights: [], error: errorMessage('show the original page', error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [view, client]);

  if (!view) return null;
  const { pageCount } = state;
  return (
    <section className="pdf-page" aria-label="Original page" aria-busy={state.status === 'loading'}>
      <header className="pdf-page__bar">
        <button type="button" aria-label="Previous page" disabled={view.page <= 1} onClick={() => stepPage(-1)}>
          ←
        </button>
        <span role="status">
          Page {view.page}
          {pageCount ? ` of ${pageCount}` : ''}
          {view.page >= view.firstPage && view.page <= view.lastPage ? ' · cited' : ''}
        </span>
        <button type="button" aria-label="Next page" disabled={pageCount !== undefined && view.page >= pageCount} onClick={() => stepPage(1)}>
          →
        </button>
        <button type="button" className="pdf-page__close" aria-label="Close the original page" onClick={closePage}>
          ✕
        </button>
      </header>
      {state.status === 'failed' && (
        <p className="pdf-page__error" role="alert">
          {state.error}
        </p>
      )}
      <div className="pdf-page__scroll" ref={scrollRef} tabIndex={0} role="region" aria-label={`Page ${view.page}, scrolls`}>
        <div className="pdf-page__sheet" style={state.size ? { width: state.size.width, height: state.size.height } : undefined}>
          <canvas ref={canvasRef} className="pdf-page__canvas" style={state.size ? { width: state.size.width, height: state.size.height } : undefined} aria-label={`Page ${view.page} of the original PDF`} role="img" />
          {state.highlights.map((h, i) => (
            <span key={i} className="pdf-page__highlight" data-text={h.text} style={{ left: h.left, top: h.top, width: h.width, height: h.height }} />
          ))}
        </div>
      </div>
      {state.status === 'ready' && view.page >= view.firstPage && view.page <= view.lastPage && (
        <p className="muted pdf-page__note">{state.highlights.length > 0 ? `The cited text is marked (${state.highlights.length} piece${state.highlights.length === 1 ? '' : 's'}).` : 'The cited text could not be matched on this page; compare it by eye.'}</p>
      )}
    </section>
  );
}
