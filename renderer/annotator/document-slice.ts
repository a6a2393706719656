import type { StateCreator } from 'zustand';
import type { Citation } from '../../schemas/annotate.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { pagesOfLines } from '../../schemas/chapter-plan.ts';
import type { PageSpan, SourceSummary, SourceVersion } from '../../schemas/sources.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { loadFences, NO_FENCES, type FenceIndex } from './code-fences.ts';
import { rememberPlace } from './data-room-slice.ts';
import { errorMessage } from './error-message.ts';
import { LineWindowCache } from './line-window-cache.ts';
import { sectionsHiding } from './row-model.ts';
import type { LineSelection } from './selection-to-lines.ts';
import { formatLineRange } from './source-labels.ts';

/** The source version on screen and the cache its visible lines come from. */
export interface OpenDocument {
  source: SourceSummary;
  version: SourceVersion;
  versions: { id: string; version: number; createdAt: string }[];
  lines: LineWindowCache;
  /** Where fenced code blocks begin and end, so each line in view is known to be code or text. */
  fences: FenceIndex;
}

export interface FindMatch {
  line: number;
  column: number;
}

export interface FindState {
  /** The query the matches are for; the field's text may have moved on since. */
  query: string;
  matches: FindMatch[];
  /** Which match is current; -1 when there is none. */
  index: number;
  total: number;
  truncated: boolean;
  searching: boolean;
}

/** The original PDF page shown beside the text, with the cited lines' quote to highlight on it. */
export interface PageView {
  sourceId: string;
  versionId: string;
  page: number;
  /** The cited span's first and last page. */
  firstPage: number;
  lastPage: number;
  quote: string;
}

export interface DocumentSlice {
  doc?: OpenDocument;
  /** The source being opened, while its version loads. */
  openingSourceId?: string;
  /** Indexes into the open version's sections that are collapsed. */
  collapsed: ReadonlySet<number>;
  selection?: LineSelection;
  /** Lines shown highlighted: a citation opened from the Chapters panel. */
  highlight?: { startLine: number; endLine: number };
  /** Asks the viewer to scroll `line` into view; `seq` changes on every ask. */
  scrollRequest?: { line: number; seq: number };
  find: FindState;
  /** The cited line whose citing chapters are being shown (from a click on its gutter mark). */
  marksLine?: number;
  /** Page spans of source versions, by version id, fetched for the citations that show pages. */
  versionPages: ReadonlyMap<string, readonly PageSpan[]>;
  pageView?: PageView;
  outlineOpen: boolean;
  loadVersionPages(refs: readonly { sourceId: string; versionId: string }[]): Promise<void>;
  /** Opens the citation's lines and its first PDF page beside them. */
  openCitationPage(citation: Citation): Promise<void>;
  stepPage(delta: 1 | -1): void;
  closePage(): void;
  toggleOutline(): void;
  openSource(sourceId: string, versionId?: string): Promise<void>;
  closeDocument(): void;
  toggleSection(index: number): void;
  setSelection(selection: LineSelection | undefined): void;
  /** Expands whatever hides `startLine`, scrolls to it and, if asked, highlights the span. */
  revealLines(startLine: number, endLine: number, highlight: boolean): void;
  openCitation(citation: Citation): Promise<void>;
  search(query: string): Promise<void>;
  stepMatch(delta: 1 | -1): void;
  clearFind(): void;
  showMarksAt(line: number | undefined): void;
  /** Notes the line at the top of a version's view, so the version opens there again this session. */
  keepTopLine(versionId: string, line: number): void;
  /** The line that was at the top of the version's view when it was last shown; undefined when never. */
  keptTopLine(versionId: string): number | undefined;
  /** True the first time a viewer asks about a scroll request: a viewer mounted later must not repeat it. */
  takeScrollRequest(seq: number): boolean;
}

const NO_FIND: FindState = { query: '', matches: [], index: -1, total: 0, truncated: false, searching: false };
/** Most matches fetched per search; the count says when there are more. */
export const FIND_LIMIT = 1000;
/** Lines per `sources.lines` call: a few screens, well under the contract's 5,000. */
const WINDOW_LINES = 200;

const linesOf = (client: RpcClient, versionId: string) =>
  new LineWindowCache(async (start, end) => client.call('sources.lines', { versionId, start, end }), { windowSize: WINDOW_LINES });

type Slice = StateCreator<AnnotatorState, [], [], DocumentSlice>;

export const createDocumentSlice: Slice = (set, get) => {
  let scrollSeq = 0;
  let opening = 0;
  // Each version's line cursor (the selection) this session, so moving between sources comes
  // back to each one's own cursor.
  const cursors = new Map<string, LineSelection | undefined>();
  const keepCursor = () => {
    const open = get().doc;
    if (open) cursors.set(open.version.id, get().selection);
  };
  // Each version's top line this session (as with cursors), and the last scroll request a viewer
  // carried out: a source opened later, or the annotator shown again after another screen, starts
  // at its own place rather than at a request made for another view.
  const topLines = new Map<string, number>();
  let handledScrollSeq = 0;

  return {
    collapsed: new Set(),
    find: NO_FIND,
    versionPages: new Map(),
    outlineOpen: false,

    async loadVersionPages(refs) {
      const { client } = get();
      if (!client) return;
      const missing = [...new Map(refs.filter((r) => !get().versionPages.has(r.versionId)).map((r) => [r.versionId, r])).values()];
      for (const ref of missing) {
        try {
          const { version } = await client.call('sources.get', { sourceId: ref.sourceId, versionId: ref.versionId });
          set((state) => ({ versionPages: new Map(state.versionPages).set(version.id, version.pages) }));
        } catch {
          // A version that cannot be read shows its citation without pages; opening it says why.
        }
      }
    },

    async openCitationPage(citation) {
      await get().openCitation(citation);
      await get().loadVersionPages([citation]);
      const pages = pagesOfLines(get().versionPages.get(citation.versionId) ?? [], citation.startLine, citation.endLine);
      if (!pages) {
        get().announce('This citation has no PDF page: only PDF sources have pages.');
        return;
      }
      set({ pageView: { sourceId: citation.sourceId, versionId: citation.versionId, page: pages.first, firstPage: pages.first, lastPage: pages.last, quote: citation.quote } });
    },

    stepPage(delta) {
      const view = get().pageView;
      if (view) set({ pageView: { ...view, page: Math.max(1, view.page + delta) } });
    },

    closePage() {
      set({ pageView: undefined });
    },

    toggleOutline() {
      set({ outlineOpen: !get().outlineOpen });
    },

    async openSource(sourceId, versionId) {
      const { client, dataRoom } = get();
      if (!client) return;
      const attempt = ++opening;
      set({ openingSourceId: sourceId });
      // Ask for the first lines while the version's index loads, so the text paints sooner.
      const guess = versionId ?? dataRoom?.sources.find((s) => s.id === sourceId)?.latestVersionId;
      const early = guess ? linesOf(client, guess) : undefined;
      early?.want(1, WINDOW_LINES);
      try {
        const { source, version, versions } = await client.call('sources.get', { sourceId, ...(versionId ? { versionId } : {}) });
        if (attempt !== opening) return;
        const lines = early && guess === version.id ? early : linesOf(client, version.id);
        set((state) => ({ versionPages: new Map(state.versionPages).set(version.id, version.pages) }));
        keepCursor();
        set({
          doc: { source, version, versions, lines, fences: NO_FENCES },
          openingSourceId: undefined,
          collapsed: new Set(),
          selection: cursors.get(version.id),
          highlight: undefined,
          find: NO_FIND,
          marksLine: undefined,
        });
        rememberPlace(get());
        void loadFences(client, version.id).then(
          (fences) => {
            const open = get().doc;
            if (open?.version.id === version.id && fences.lines.length > 0) set({ doc: { ...open, fences } });
          },
          // Without the fences, code lines read as text; the source is still readable and citable.
          () => undefined,
        );
      } catch (error) {
        if (attempt === opening) set({ openingSourceId: undefined, error: errorMessage('open the source', error) });
      }
    },

    closeDocument() {
      keepCursor();
      opening++;
      set({ doc: undefined, openingSourceId: undefined, collapsed: new Set(), selection: undefined, highlight: undefined, find: NO_FIND, marksLine: undefined, pageView: undefined });
    },

    toggleSection(index) {
      const collapsed = new Set(get().collapsed);
      if (!collapsed.delete(index)) collapsed.add(index);
      set({ collapsed });
    },

    setSelection(selection) {
      const current = get().selection;
      if (
        current?.startLine === selection?.startLine &&
        current?.endLine === selection?.endLine &&
        current?.quote === selection?.quote &&
        current?.startChar === selection?.startChar &&
        current?.endChar === selection?.endChar
      )
        return;
      set({ selection });
    },

    revealLines(startLine, endLine, highlight) {
      const { doc, collapsed } = get();
      if (!doc) return;
      const hiding = sectionsHiding(startLine, doc.version.sections, collapsed);
      const expanded = hiding.length > 0 ? new Set([...collapsed].filter((i) => !hiding.includes(i))) : collapsed;
      set({ collapsed: expanded, scrollRequest: { line: startLine, seq: ++scrollSeq }, ...(highlight ? { highlight: { startLine, endLine } } : {}) });
    },

    async openCitation(citation) {
      if (get().doc?.version.id !== citation.versionId) await get().openSource(citation.sourceId, citation.versionId);
      if (get().doc?.version.id !== citation.versionId) return;
      get().setActiveChapter(citation.chapterId);
      get().revealLines(citation.startLine, citation.endLine, true);
      get().announce(`Showing ${formatLineRange(citation.startLine, citation.endLine)} of ${get().doc?.source.title ?? 'the source'}`);
    },

    async search(query) {
      const { client, doc } = get();
      if (!client || !doc) return;
      if (query.trim() === '') {
        get().clearFind();
        return;
      }
      const versionId = doc.version.id;
      set({ find: { ...NO_FIND, query, searching: true } });
      try {
        const found = await client.call('sources.find', { versionId, query, limit: FIND_LIMIT });
        if (get().doc?.version.id !== versionId || get().find.query !== query) return;
        set({ find: { query, matches: found.matches, index: found.matches.length > 0 ? 0 : -1, total: found.total, truncated: found.truncated, searching: false } });
        const first = found.matches[0];
        if (first) get().revealLines(first.line, first.line, false);
        get().announce(found.total === 0 ? `No matches for "${query}"` : `${found.total}${found.truncated ? '+' : ''} matches for "${query}"`);
      } catch (error) {
        set({ find: NO_FIND, error: errorMessage('search the document', error) });
      }
    },

    stepMatch(delta) {
      const { find } = get();
      if (find.matches.length === 0) return;
      const index = (find.index + delta + find.matches.length) % find.matches.length;
      set({ find: { ...find, index } });
      const match = find.matches[index]!;
      get().revealLines(match.line, match.line, false);
    },

    clearFind() {
      set({ find: NO_FIND });
    },

    showMarksAt(line) {
      set({ marksLine: line });
    },

    keepTopLine(versionId, line) {
      topLines.set(versionId, line);
    },

    keptTopLine(versionId) {
      return topLines.get(versionId);
    },

    takeScrollRequest(seq) {
      if (seq <= handledScrollSeq) return false;
      handledScrollSeq = seq;
      return true;
    },
  };
};
