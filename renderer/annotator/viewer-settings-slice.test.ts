import { describe, expect, it } from 'vitest';
import { readViewerSettings } from './viewer-settings-slice.ts';

const storage = (value: string | null) => ({ getItem: () => value });

describe('viewer settings', () => {
  it('shows formatted, wrapped text unless the reader chose otherwise', () => {
    expect(readViewerSettings(storage(null))).toEqual({ showMarkdown: false, wrapLines: true });
    expect(readViewerSettings(storage('{"showMarkdown":true,"wrapLines":false}'))).toEqual({ showMarkdown: true, wrapLines: false });
    expect(readViewerSettings(storage('{"wrapLines":false}'))).toEqual({ showMarkdown: false, wrapLines: false });
    expect(readViewerSettings(storage('{not json'))).toEqual({ showMarkdown: false, wrapLines: true });
    expect(readViewerSettings(undefined)).toEqual({ showMarkdown: false, wrapLines: true });
  });
});
