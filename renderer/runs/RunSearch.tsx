import { useEffect, useRef } from 'react';
import type { SearchHit, SearchKind } from '../../schemas/search.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { isTypingTarget } from '../ui/keyboard.ts';
import { useRunSearchStore } from './run-search-store.ts';
import { useRunViewStore } from './run-view-store.ts';
import './run-search.css';

const KIND_WORDS: Record<SearchKind, string> = {
  prompt: 'prompt',
  message: 'message',
  tool_call: 'tool call',
  tool_result: 'tool result',
  error: 'error',
  finding: 'finding',
  evidence: 'judge’s evidence',
  reason: 'voter’s reason',
};

/**
 * The Runs screen's search over every run's record, judges' evidence and voters' reasons: `/` or
 * Ctrl+K reaches the box, Enter searches, the arrow keys move through the results and Enter (or a
 * click) opens the run at the matching step.
 */
export function RunSearch() {
  const client = useConnectedClient();
  const { query, phase, result, problem, active } = useRunSearchStore();
  const { setQuery, search, move, setActive } = useRunSearchStore.getState();
  const input = useRef<HTMLInputElement>(null);
  const searched = useRef<string | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
      const ctrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      if (!slash && !ctrlK) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const hits = result?.hits ?? [];
  const open = (hit: SearchHit) => client && void useRunViewStore.getState().open(client, hit.runId, hit.step ?? undefined);
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter opens the result the arrows are on once these results are the query's; otherwise it searches.
      if (phase === 'ready' && searched.current === query.trim() && hits[active]) open(hits[active]);
      else if (client && query.trim() !== '') {
        searched.current = query.trim();
        void search(client);
      }
    }
  };

  return (
    <section className="screen-region runs-region run-search" aria-labelledby="run-search-title">
      <h2 id="run-search-title">Search runs</h2>
      <div role="search" className="run-search__box">
        <label htmlFor="run-search-input">
          Find in prompts, messages, tool calls, errors, findings, evidence and reasons <kbd>/</kbd>
        </label>
        <input
          id="run-search-input"
          ref={input}
          type="search"
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls="run-search-results"
          aria-activedescendant={hits[active] ? `run-search-hit-${active}` : undefined}
          aria-describedby="run-search-help"
          value={query}
          placeholder='build failed, "no such file", mcp__preview*'
          disabled={!client}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id="run-search-help" className="muted" role="status" aria-live="polite">
        {summary(phase, result, problem)}
      </p>
      <ul id="run-search-results" role="listbox" aria-label="Search results" className="run-search__results" hidden={hits.length === 0}>
        {hits.map((hit, index) => (
          <li
            key={`${hit.runId}:${index}`}
            id={`run-search-hit-${index}`}
            role="option"
            aria-selected={index === active}
            className={`run-search__hit${index === active ? ' run-search__hit--active' : ''}`}
            onMouseEnter={() => setActive(index)}
            onClick={() => open(hit)}
          >
            <span className="run-search__where">
              {hit.configuration ?? 'run'} · {hit.task ?? hit.runId} · {hit.step === null ? 'whole run' : `step ${hit.step}`} · {KIND_WORDS[hit.kind]}
              {hit.judgment && ` · ${hit.judgment.judge} on ${hit.judgment.rubric}`}
            </span>
            <span className="run-search__snippet">
              {hit.snippet.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function summary(phase: string, result: ReturnType<typeof useRunSearchStore.getState>['result'], problem: string | undefined): string {
  if (phase === 'failed') return problem ?? '';
  if (phase === 'searching') return 'Searching…';
  if (!result) return 'Words must all appear; "quote" an exact phrase; word* matches words starting so; OR finds either.';
  if (result.searched === null) return 'Nothing to search for: type a word (letters or digits).';
  if (result.total === 0) return `No match for ${result.searched}.`;
  const more = result.total > result.hits.length ? ` Showing the first ${result.hits.length}: add words to narrow it.` : '';
  const left = result.unindexedRuns > 0 ? ` ${result.unindexedRuns} runs written meanwhile are not indexed yet.` : '';
  return `${result.total} match${result.total === 1 ? '' : 'es'} in ${result.runs} run${result.runs === 1 ? '' : 's'} for ${result.searched}. ↑ ↓ to choose, Enter to open.${more}${left}`;
}
