import { useState, type KeyboardEvent } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { FIND_LIMIT } from './document-slice.ts';
import { useMatchCount } from './use-match-count.ts';

const count = new Intl.NumberFormat('en');

/**
 * Find in the open document: the number of matches shows as you type; Enter goes to the first
 * (then the next), Shift+Enter to the previous, Escape clears.
 */
export function FindBar() {
  const find = useAnnotatorStore((s) => s.find);
  const { search, stepMatch, clearFind } = useAnnotatorStore.getState();
  const [text, setText] = useState(find.query);
  const client = useAnnotatorStore((s) => s.client);
  const versionId = useAnnotatorStore((s) => s.doc?.version.id);
  const typed = useMatchCount(client, versionId, text !== find.query ? text : '');

  const go = (delta: 1 | -1) => {
    if (text !== find.query || find.matches.length === 0) void search(text);
    else stepMatch(delta);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      go(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      setText('');
      clearFind();
    }
  };

  let status = '';
  if (text !== find.query) {
    // Typed but not searched yet: the count as it arrives, never the previous query's place.
    if (typed) status = typed.total === 0 ? 'No matches' : `${count.format(typed.total)} match${typed.total === 1 ? '' : 'es'}`;
  } else if (find.searching) status = 'Searching…';
  else if (find.query && find.total === 0) status = 'No matches';
  else if (find.query && find.index >= 0) {
    status = `${count.format(find.index + 1)} of ${count.format(find.total)}`;
    if (find.truncated) status += ` (first ${count.format(FIND_LIMIT)} listed)`;
  }

  return (
    <div className="find-bar" role="search" aria-label="Find in document">
      <input
        type="search"
        aria-label="Find in document"
        placeholder="Find…"
        title="Enter: next match, Shift+Enter: previous, Escape: clear"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" aria-label="Previous match" title="Previous match (Shift+Enter)" onClick={() => go(-1)} disabled={!text}>
        ↑
      </button>
      <button type="button" aria-label="Next match" title="Next match (Enter)" onClick={() => go(1)} disabled={!text}>
        ↓
      </button>
      <span className="find-bar__count" role="status">
        {status}
      </span>
    </div>
  );
}
