import { RUN_RECORD_KINDS, type SearchHit, type SearchKind, type SearchResult } from '../../schemas/search.ts';
import { withCliApi } from './open-cli-api.ts';

export interface SearchOptions {
  runs?: boolean;
  judgments?: boolean;
  votes?: boolean;
  kind?: SearchKind[];
  study?: string;
  json?: boolean;
  limit: number;
  offset: number;
  workspace?: string;
}

/**
 * `lhb search QUERY`: every run's record (prompts, messages, tool calls and results, errors,
 * findings), judges' evidence and voters' reasons, through search.query. Prints one line per hit
 * (run, step, kind, snippet with the matched words marked) and, on stderr, how many entries and
 * runs match and how to see the next page.
 */
export async function runSearch(query: string, options: SearchOptions): Promise<void> {
  const kinds = [...(options.runs ? RUN_RECORD_KINDS : []), ...(options.judgments ? (['evidence'] as const) : []), ...(options.votes ? (['reason'] as const) : []), ...(options.kind ?? [])];
  await withCliApi(options.workspace, async (api) => {
    const result = await api.call('search.query', { query, limit: options.limit, offset: options.offset, ...(kinds.length > 0 ? { kinds: [...new Set(kinds)] } : {}), ...(options.study ? { studyId: options.study } : {}) });
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    if (result.hits.length > 0) process.stdout.write(`${searchHitLines(result.hits, process.stdout.isTTY === true).join('\n')}\n`);
    process.stderr.write(`${searchSummary(result, options.offset)}\n`);
  });
}

/** The hits as aligned lines: run, step (— for the whole run), kind, and the snippet, matched words in bold on a terminal and «so» otherwise. */
export function searchHitLines(hits: readonly SearchHit[], terminal: boolean): string[] {
  const rows = hits.map((hit) => [hit.runId, hit.step === null ? '—' : `step ${hit.step}`, hit.kind, `${about(hit)}${snippetText(hit, terminal)}`]);
  const table = [['RUN', 'STEP', 'KIND', 'SNIPPET'], ...rows];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]!.length)));
  return table.map((row) => row.map((cell, column) => (column === 3 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
}

function about(hit: SearchHit): string {
  if (hit.judgment) return `${hit.judgment.judge} on ${hit.judgment.rubric}${hit.judgment.score === null ? '' : ` (${hit.judgment.score})`}: `;
  if (hit.vote) return `vote beside ${hit.vote.otherRunId} (${hit.vote.choice}): `;
  return '';
}

function snippetText(hit: SearchHit, terminal: boolean): string {
  // A transcript's own control characters (escape sequences among them) never reach the terminal; lines become one line.
  const clean = (text: string) => text.replace(/\p{Cc}+/gu, ' ').replace(/ {2,}/g, ' ');
  return hit.snippet.map((part) => (part.match ? (terminal ? `\u001b[1m${clean(part.text)}\u001b[22m` : `«${clean(part.text)}»`) : clean(part.text))).join('').trim();
}

export function searchSummary(result: SearchResult, offset: number): string {
  const lines: string[] = [];
  if (result.searched === null) lines.push('Nothing to search for: the query has no word in it (words are letters and digits; "quote" a phrase).');
  else if (result.total === 0) lines.push(`No match for ${result.searched}.`);
  else {
    const shown = result.hits.length === 0 ? `none shown from ${offset + 1}` : `showing ${offset + 1}–${offset + result.hits.length}`;
    lines.push(`${result.total} match${result.total === 1 ? '' : 'es'} in ${result.runs} run${result.runs === 1 ? '' : 's'} for ${result.searched} (${shown}).`);
    if (offset + result.hits.length < result.total) lines.push(`More: the same command with --offset ${offset + result.hits.length}.`);
  }
  if (result.unindexedRuns > 0) lines.push(`${result.unindexedRuns} run${result.unindexedRuns === 1 ? ' was' : 's were'} written since the index last caught up and could not be indexed now (the workspace is read-only here); they are left out.`);
  return lines.join('\n');
}
