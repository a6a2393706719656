import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnnotatorScreen } from './AnnotatorScreen.tsx';

describe('the annotator before the workspace answers', () => {
  it('says it is opening the data room, and draws no panel, Import button or Add chapter that could do nothing yet', () => {
    // A server render reads the store as it starts: nothing read from the workspace.
    const html = renderToStaticMarkup(<AnnotatorScreen />);
    expect(html).toContain('Opening the data room…');
    expect(html).not.toContain('Import files…');
    expect(html).not.toContain('Add chapter');
    expect(html).not.toContain('Make your first data room');
  });
});
