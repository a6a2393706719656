import type { z } from 'zod';
import { LhbError } from '../../schemas/lhb-error.ts';
import { SearchKindSchema, type SearchHit, type SearchQueryInputSchema, type SearchResult, type SnippetPart } from '../../schemas/search.ts';
import { stepNumber } from '../../schemas/trajectory.ts';
import { findJudgment } from '../store/judgment-repository.ts';
import { findRun } from '../store/run-repository.ts';
import { countPendingSearchRuns, countSearchMatches, MATCH_END, MATCH_START, searchEntries, type SearchRow } from '../store/search-repository.ts';
import { findStudy, findStudyRun } from '../store/study-repository.ts';
import { findTask } from '../store/task-repository.ts';
import { findVote } from '../store/vote-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { indexPendingRuns } from './index-pending-runs.ts';
import { searchMatch } from './search-match.ts';

/** Words of context a snippet shows around the match (FTS5 allows up to 64). */
const SNIPPET_WORDS = 24;

/**
 * Searches every run's record (see runSearchRecord) after bringing the index in step with the
 * store: the entries matching the query, page by page, in the order the runs were recorded and
 * step by step within a run, each with a snippet whose matched words are marked, and how many
 * entries and runs match over all pages. `studyId` is a full id (the caller expands a short one).
 */
export function searchRuns(workspace: Workspace, input: z.output<typeof SearchQueryInputSchema>): SearchResult {
  const { db } = workspace;
  if (input.studyId !== undefined && !findStudy(db, input.studyId)) {
    throw new LhbError('not_found', `No study ${input.studyId} in this workspace: search every study by leaving it out, or give one \`lhb runs status\` lists.`, { field: 'studyId' });
  }
  indexPendingRuns(workspace);
  const unindexedRuns = countPendingSearchRuns(db);
  const match = searchMatch(input.query, { kinds: input.kinds, studyId: input.studyId });
  if (match.expression === null) return { searched: null, hits: [], total: 0, runs: 0, unindexedRuns };
  const { total, runs } = countSearchMatches(db, match.expression);
  const rows = total === 0 ? [] : searchEntries(db, match.expression, input.limit, input.offset, SNIPPET_WORDS);
  return { searched: match.searched, hits: rows.map((row) => searchHit(workspace, row)), total, runs, unindexedRuns };
}

function searchHit(workspace: Workspace, row: SearchRow): SearchHit {
  const { db } = workspace;
  const kind = SearchKindSchema.parse(row.kind.replace(' ', '_'));
  const run = findRun(db, row.run_id);
  const studyRun = run ? undefined : findStudyRun(db, row.run_id);
  const made = run ?? studyRun;
  const hit: SearchHit = {
    runId: row.run_id,
    studyId: row.study_id,
    step: row.step === null ? null : stepNumber(row.step),
    kind,
    snippet: snippetParts(row.snippet),
    task: made ? (findTask(db, made.task_id)?.title ?? made.task_id) : null,
    configuration: made ? `${made.harness} · ${made.model}` : null,
  };
  if (kind === 'evidence' && row.ref) {
    const judgment = findJudgment(db, row.ref);
    if (judgment) hit.judgment = { id: judgment.id, judge: judgment.judge, rubric: judgment.rubric, score: judgment.score };
  }
  if (kind === 'reason' && row.ref) {
    const vote = findVote(db, row.ref);
    if (vote) hit.vote = { id: vote.id, otherRunId: vote.run_a === row.run_id ? vote.run_b : vote.run_a, choice: vote.choice };
  }
  return hit;
}

/** A snippet as FTS5 marked it, cut into plain and matched pieces (the indexer keeps the markers out of the text). */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = new RegExp(`${MATCH_START}([^${MATCH_END}]*)${MATCH_END}`, 'g');
  let last = 0;
  for (const found of snippet.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: snippet.slice(last, found.index), match: false });
    parts.push({ text: found[1]!, match: true });
    last = found.index + found[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), match: false });
  return parts.map((part) => ({ ...part, text: part.text.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '') }));
}
