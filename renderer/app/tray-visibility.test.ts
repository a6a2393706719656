import { describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/jobs.ts';
import { trayIsOpen } from './tray-visibility.ts';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const job = (state: Job['state'], secondsAgo: number): Job =>
  ({ id: `${state}-${secondsAgo}`, kind: 'import', title: 'Import', state, done: 0, total: 0, message: '', createdAt: new Date(NOW - secondsAgo * 1000 - 5000).toISOString(), updatedAt: new Date(NOW - secondsAgo * 1000).toISOString() }) as Job;

describe('trayIsOpen', () => {
  it('takes no space when nothing runs or has just finished', () => {
    expect(trayIsOpen([], { kind: 'none' }, NOW)).toBe(false);
    expect(trayIsOpen([job('succeeded', 600), job('failed', 120)], { kind: 'none' }, NOW)).toBe(false);
  });

  it('opens while a job runs or for a minute after one finished', () => {
    expect(trayIsOpen([job('running', 2)], { kind: 'none' }, NOW)).toBe(true);
    expect(trayIsOpen([job('queued', 300)], { kind: 'none' }, NOW)).toBe(true);
    expect(trayIsOpen([job('succeeded', 30)], { kind: 'none' }, NOW)).toBe(true);
  });

  it('opens when asked, and stays closed when closed until a job starts or finishes after that', () => {
    expect(trayIsOpen([], { kind: 'open' }, NOW)).toBe(true);
    expect(trayIsOpen([job('running', 20)], { kind: 'closed', at: NOW - 10_000 }, NOW)).toBe(false);
    expect(trayIsOpen([job('running', 2)], { kind: 'closed', at: NOW - 10_000 }, NOW)).toBe(true);
    expect(trayIsOpen([job('succeeded', 3)], { kind: 'closed', at: NOW - 10_000 }, NOW)).toBe(true);
  });
});
