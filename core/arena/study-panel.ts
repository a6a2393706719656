import type { Database } from 'better-sqlite3';
import type { ArenaStudy, VoteChoice } from '../../schemas/arena.ts';
import { listAnnotators } from '../store/annotator-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { listLiveVotes, type VoteRow } from '../store/vote-repository.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { sortedPercentile } from '../stats/percentile.ts';
import { progressOf } from './annotator-queue.ts';
import { fastVoteFloorMs } from './fast-vote-floor.ts';

/**
 * The study owner's live panel: progress and voting pace per annotator (median time per pair,
 * share of fast votes), and the left-choice rate with its exact binomial p-value.
 */
export function studyPanel(db: Database): ArenaStudy {
  // The live panel watches real voting: the demo's synthetic experts and votes (which the
  // Analysis screen labels and can include) would only blur position bias as it happens.
  const votes = listLiveVotes(db).filter((vote) => vote.synthetic === 0);
  const annotators = listAnnotators(db, requireCurrentProject(db).id)
    .filter((row) => row.synthetic === 0)
    .map((row) => ({ id: row.id, name: row.name, synthetic: false, ...progressOf(db, row), ...votingPace(votes.filter((vote) => vote.annotator_id === row.id)) }));
  const count = (choice: VoteChoice) => votes.filter((vote) => vote.choice === choice).length;
  const left = count('left');
  const right = count('right');
  const decided = left + right;
  return {
    annotators,
    fastVoteFloorMs: fastVoteFloorMs(db),
    overall: { votes: votes.length, total: annotators.reduce((sum, a) => sum + a.total, 0) },
    position: {
      left,
      right,
      tie: count('tie'),
      bothBad: count('both-bad'),
      leftRate: decided === 0 ? null : left / decided,
      pValue: decided === 0 ? null : binomialTest(left, decided, 0.5),
    },
  };
}

function votingPace(votes: readonly VoteRow[]): Pick<ArenaStudy['annotators'][number], 'medianTimeMs' | 'fastVotes' | 'fastShare'> {
  if (votes.length === 0) return { medianTimeMs: null, fastVotes: 0, fastShare: null };
  const times = votes.map((vote) => vote.time_on_item_ms).sort((a, b) => a - b);
  const fastVotes = votes.filter((vote) => vote.is_fast === 1).length;
  return { medianTimeMs: sortedPercentile(times, 0.5), fastVotes, fastShare: fastVotes / votes.length };
}
