import type { Database } from 'better-sqlite3';
import type { OwnVote } from '../../schemas/arena.ts';
import { findTask } from '../store/task-repository.ts';
import { listLiveVotes } from '../store/vote-repository.ts';
import { requireAnnotator } from './annotators.ts';

/** The annotator's own live votes, newest first, by task title (never a run, harness or model). */
export function ownVotes(db: Database, annotatorId: string): OwnVote[] {
  requireAnnotator(db, annotatorId);
  const titles = new Map<string, string>();
  return listLiveVotes(db, annotatorId).map((vote) => {
    if (!titles.has(vote.task_id)) titles.set(vote.task_id, findTask(db, vote.task_id)?.title ?? '(deleted task)');
    return {
      id: vote.id,
      taskTitle: titles.get(vote.task_id) as string,
      choice: vote.choice,
      ratingLeft: vote.rating_left,
      ratingRight: vote.rating_right,
      reason: vote.reason,
      timeOnItemMs: vote.time_on_item_ms,
      createdAt: vote.created_at,
      repeat: vote.is_repeat === 1,
    };
  });
}
