import type { SearchKind } from '../../schemas/search.ts';
import { kindColumnValue } from '../store/search-repository.ts';

/** What a user's query becomes: the FTS5 expression to MATCH, and the query as it was understood (null: no word to search for). */
export interface SearchMatch {
  expression: string | null;
  searched: string | null;
}

type Term = { text: string; phrase: boolean; prefix: boolean };

/** The most terms a query searches; the rest are left out (and `searched` shows what was searched). */
const MAX_TERMS = 32;

/**
 * Turns what a user typed into an FTS5 expression that cannot be a syntax error: every word and
 * every "quoted phrase" goes to FTS5 as a quoted string (its own quotes doubled), so FTS5's
 * operators (AND, NOT, NEAR, *, ^, :, parentheses) typed as text are searched for as words. Words
 * must all match; `word*` matches words starting so; a bare OR between two terms matches either.
 * A term with no letter or digit is left out (the index holds words only). The expression is
 * limited to the entries' text, and to the kinds and study asked for.
 */
export function searchMatch(query: string, filters: { kinds?: readonly SearchKind[]; studyId?: string } = {}): SearchMatch {
  const groups = termGroups(query);
  if (groups.length === 0) return { expression: null, searched: null };
  const body = groups.map((group) => (group.length === 1 ? ftsTerm(group[0]!) : `(${group.map(ftsTerm).join(' OR ')})`)).join(' AND ');
  const parts = [`body : (${body})`];
  if (filters.kinds && filters.kinds.length > 0) parts.push(`kind : (${[...new Set(filters.kinds)].map((kind) => quoted(kindColumnValue(kind))).join(' OR ')})`);
  if (filters.studyId !== undefined) parts.push(`study : ${quoted(filters.studyId)}`);
  return { expression: parts.join(' AND '), searched: groups.map((group) => group.map(shownTerm).join(' OR ')).join(' ') };
}

/** The query's terms, adjacent ones joined by OR in one group; groups must all match. */
function termGroups(query: string): Term[][] {
  // Control characters mean nothing in a search and could cut FTS5's reading of the string short.
  const text = query.replace(/\p{Cc}/gu, ' ');
  const tokens: (Term | 'OR')[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '"') {
      const end = text.indexOf('"', i + 1);
      const phrase = text.slice(i + 1, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end + 1;
      const prefix = text[i] === '*';
      if (prefix) i += 1;
      tokens.push({ text: phrase.trim(), phrase: true, prefix });
    } else {
      let end = i;
      while (end < text.length && !/\s/.test(text[end]!) && text[end] !== '"') end += 1;
      const word = text.slice(i, end);
      i = end;
      if (word === 'OR') tokens.push('OR');
      else tokens.push({ text: word.replace(/\*+$/, ''), phrase: false, prefix: /[^*]\*+$/.test(word) });
    }
  }
  const groups: Term[][] = [];
  let joinNext = false;
  for (const token of tokens) {
    if (token === 'OR') {
      joinNext = groups.length > 0;
      continue;
    }
    if (!/[\p{L}\p{N}]/u.test(token.text)) continue;
    if (joinNext && groups.length > 0) groups.at(-1)!.push(token);
    else groups.push([token]);
    joinNext = false;
  }
  let count = 0;
  return groups.map((group) => group.filter(() => ++count <= MAX_TERMS)).filter((group) => group.length > 0);
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function ftsTerm(term: Term): string {
  return `${quoted(term.text)}${term.prefix ? '*' : ''}`;
}

function shownTerm(term: Term): string {
  const text = term.phrase ? `"${term.text}"` : term.text;
  return term.prefix ? `${text}*` : text;
}
