import { describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/jobs.ts';
import { followStartedJob } from './follow-started-job.ts';

const job = (id: string, state: Job['state'], fields: Partial<Job> = {}): Job => ({
  id,
  kind: 'export.hf',
  title: 'Export',
  state,
  done: 0,
  total: 0,
  message: state,
  createdAt: '',
  updatedAt: '',
  ...fields,
});

/** A store's view of the follower: the job it follows, and what it was told. */
function follower(kind?: string) {
  const heard: string[] = [];
  let following: string | undefined;
  const follow = followStartedJob({
    ...(kind ? { kind } : {}),
    follows: (jobId) => jobId === following,
    progressed: (j) => heard.push(`progress ${j.id} ${j.done}/${j.total}`),
    ended: async (j) => {
      heard.push(`ended ${j.id} ${j.state}`);
    },
  });
  return { follow, heard, startFollowing: (jobId: string) => (following = jobId) };
}

describe('following the job a store started', () => {
  it('passes on the followed job’s progress and its end, and nothing of other jobs', () => {
    const { follow, heard, startFollowing } = follower();
    startFollowing('mine');
    follow.jobChanged(job('other', 'running', { done: 1, total: 2 }));
    follow.jobChanged(job('mine', 'running', { done: 1, total: 4 }));
    follow.jobChanged(job('other', 'succeeded'));
    follow.jobChanged(job('mine', 'failed'));
    expect(heard).toEqual(['progress mine 1/4', 'ended mine failed']);
  });

  it('ends a job that finished before its start call answered, once the store has its id', async () => {
    const { follow, heard, startFollowing } = follower();
    follow.jobChanged(job('quick', 'running', { done: 1, total: 1 }));
    follow.jobChanged(job('quick', 'succeeded'));
    expect(heard).toEqual([]);
    startFollowing('quick');
    await follow.started('quick');
    expect(heard).toEqual(['ended quick succeeded']);
  });

  it('has nothing to end for a job that is still going when the start call answers', async () => {
    const { follow, heard, startFollowing } = follower();
    follow.jobChanged(job('slow', 'running'));
    startFollowing('slow');
    await follow.started('slow');
    expect(heard).toEqual([]);
    follow.jobChanged(job('slow', 'cancelled'));
    expect(heard).toEqual(['ended slow cancelled']);
  });

  it('hears only its kind when it names one: another kind’s ending is neither followed nor remembered', async () => {
    const { follow, heard, startFollowing } = follower('import.hf');
    follow.jobChanged(job('same-id', 'succeeded', { kind: 'export.hf' }));
    startFollowing('same-id');
    await follow.started('same-id');
    follow.jobChanged(job('same-id', 'running', { kind: 'export.hf' }));
    expect(heard).toEqual([]);
    follow.jobChanged(job('same-id', 'succeeded', { kind: 'import.hf' }));
    expect(heard).toEqual(['ended same-id succeeded']);
  });

  it('remembers the twenty most recent endings, forgetting the oldest first', async () => {
    const { follow, heard, startFollowing } = follower();
    for (let i = 0; i < 21; i++) follow.jobChanged(job(`j${i}`, 'succeeded'));
    startFollowing('j0');
    await follow.started('j0');
    expect(heard).toEqual([]);
    startFollowing('j1');
    await follow.started('j1');
    expect(heard).toEqual(['ended j1 succeeded']);
  });
});
