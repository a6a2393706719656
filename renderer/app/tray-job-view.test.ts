import { describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/jobs.ts';
import { trayJobView } from './tray-job-view.ts';

const job = (state: Job['state']): Job => ({ id: 'j', kind: 'sources.import', title: 'Import', state, done: 3, total: 10, message: 'Imported 3 of 10 files', createdAt: '', updatedAt: '' });
const lost = { kind: 'lost', since: '2025-01-01T10:32:05.000Z' } as const;
const at = () => '10:32:05';

describe('trayJobView', () => {
  it('shows a running job as running, with progress and Cancel, while the server is there', () => {
    expect(trayJobView(job('running'), { kind: 'connected' }, at)).toEqual({ label: 'Running', live: true });
  });

  it('never shows a job as running once the server is lost: unknown, no Cancel, with what was last known', () => {
    expect(trayJobView(job('running'), lost, at)).toEqual({
      label: 'Unknown',
      live: false,
      note: 'No news since the connection to the server was lost at 10:32:05: it may have stopped with the server. It had reached 3 of 10.',
    });
    expect(trayJobView(job('queued'), { kind: 'token-rejected', since: lost.since }, at).label).toBe('Unknown');
  });

  it('keeps finished jobs as they ended, connected or not', () => {
    expect(trayJobView(job('succeeded'), lost, at)).toEqual({ label: 'Done', live: false });
    expect(trayJobView(job('cancelled'), lost, at)).toEqual({ label: 'Cancelled', live: false });
  });
});
