import type { StateCreator } from 'zustand';
import { z } from 'zod';
import type { AnnotatorState } from './annotator-store.ts';

/** How the document viewer shows text; kept in this browser for the next visit. */
export interface ViewerSettings {
  /** Show each line's Markdown as written instead of formatted text. */
  showMarkdown: boolean;
  /** Wrap long lines to the pane (the default); off keeps each line on one row, scrolled sideways. */
  wrapLines: boolean;
}

export interface ViewerSettingsSlice {
  viewer: ViewerSettings;
  toggleMarkdown(): void;
  toggleWrap(): void;
}

const KEY = 'lhb.annotator.viewer';
const DEFAULTS: ViewerSettings = { showMarkdown: false, wrapLines: true };
const SettingsSchema = z.object({ showMarkdown: z.boolean().default(false), wrapLines: z.boolean().default(true) });

/** The settings kept in this browser; missing or garbled reads as the defaults (formatted, wrapped). */
export function readViewerSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ViewerSettings {
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(storage?.getItem(KEY) ?? '{}'));
    return parsed.success ? parsed.data : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

function writeViewerSettings(settings: ViewerSettings, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the choice holds for this visit only.
  }
}

type Slice = StateCreator<AnnotatorState, [], [], ViewerSettingsSlice>;

export const createViewerSettingsSlice: Slice = (set, get) => {
  const change = (next: Partial<ViewerSettings>, said: string) => {
    const viewer = { ...get().viewer, ...next };
    set({ viewer });
    writeViewerSettings(viewer);
    get().announce(said);
  };
  return {
    viewer: readViewerSettings(),
    toggleMarkdown() {
      change({ showMarkdown: !get().viewer.showMarkdown }, get().viewer.showMarkdown ? 'Showing formatted text' : 'Showing the Markdown source');
    },
    toggleWrap() {
      change({ wrapLines: !get().viewer.wrapLines }, get().viewer.wrapLines ? 'Long lines kept on one row: scroll sideways to read them' : 'Long lines wrap');
    },
  };
};
