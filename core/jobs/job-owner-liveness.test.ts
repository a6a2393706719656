import { describe, expect, it } from 'vitest';
import { judgeJobOwner, type JobOwner, type PidProbe } from './job-owner-liveness.ts';
import type { ProcessIdentity } from './process-identity.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const reader: ProcessIdentity = { pid: 100, instance: 'reader', host: 'laptop', space: 'boot-1 pid:[1]', start: '500' };
const owner = (over: Partial<JobOwner> = {}): JobOwner => ({ pid: 200, instance: 'owner', host: 'laptop', space: 'boot-1 pid:[1]', start: '400', heartbeatAt: ago(1_000), ...over });

/** A process table holding the given pids with their start times (null: start unknown). */
const table = (pids: Record<number, string | null>): PidProbe => ({ exists: (pid) => pid in pids, start: (pid) => pids[pid] ?? null });

describe('judgeJobOwner', () => {
  it('a live owner with its own start time is alive even when its heartbeat is old (a laptop that just woke up)', () => {
    expect(judgeJobOwner(owner({ heartbeatAt: ago(3_600_000) }), NOW, reader, table({ 200: '400' }))).toEqual({ alive: true });
  });

  it('an ended pid on this machine means the owner is gone at once, whatever its heartbeat', () => {
    expect(judgeJobOwner(owner(), NOW, reader, table({}))).toEqual({ alive: false, why: 'the process that ran it (pid 200 on laptop) has ended' });
  });

  it('a pid that now has another start time was reused: gone', () => {
    expect(judgeJobOwner(owner(), NOW, reader, table({ 200: '999' }))).toMatchObject({ alive: false, why: expect.stringContaining('its pid now belongs to another program') });
  });

  it('without start times (not Linux) a live pid counts while the heartbeat is fresh, and not after a minute', () => {
    const plain = { ...reader, space: null, start: null };
    expect(judgeJobOwner(owner({ space: null, start: null }), NOW, plain, table({ 200: null }))).toEqual({ alive: true });
    expect(judgeJobOwner(owner({ space: null, start: null, heartbeatAt: ago(61_000) }), NOW, plain, table({ 200: null }))).toMatchObject({ alive: false, why: expect.stringContaining('has not reported for over a minute') });
  });

  it('an owner recorded before this machine restarted is gone', () => {
    expect(judgeJobOwner(owner({ space: 'boot-0 pid:[1]' }), NOW, reader, table({ 200: '400' }))).toMatchObject({ alive: false, why: expect.stringContaining('ended when the computer restarted') });
  });

  it("does not ask this process table about another pid namespace's pid (another container): the heartbeat decides", () => {
    const container = owner({ space: 'boot-1 pid:[2]' });
    expect(judgeJobOwner(container, NOW, reader, table({}))).toEqual({ alive: true });
    expect(judgeJobOwner({ ...container, heartbeatAt: ago(10 * 60_000) }, NOW, reader, table({}))).toMatchObject({ alive: false, why: expect.stringContaining('10 minutes') });
  });

  it("this process's own jobs are alive; a row without an owner is not", () => {
    expect(judgeJobOwner(owner({ instance: 'reader', heartbeatAt: ago(3_600_000) }), NOW, reader, table({}))).toEqual({ alive: true });
    expect(judgeJobOwner(null, NOW, reader, table({}))).toMatchObject({ alive: false });
  });

  it('an unreadable heartbeat on another machine counts as stale', () => {
    expect(judgeJobOwner(owner({ host: 'server', heartbeatAt: 'not a time' }), NOW, reader, table({}))).toMatchObject({ alive: false, why: expect.stringContaining('an unknown time') });
  });
});
