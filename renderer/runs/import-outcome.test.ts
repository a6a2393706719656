import { describe, expect, it } from 'vitest';
import { importOutcome } from './import-outcome.ts';

describe('an import job that ended', () => {
  it('reports its summary when everything imported', () => {
    expect(importOutcome({ state: 'succeeded', message: '1 task and 1 run imported.' })).toEqual({ phase: 'succeeded', message: '1 task and 1 run imported.' });
  });

  it('is partial when some folders failed, and says what to do', () => {
    const outcome = importOutcome({ state: 'succeeded', message: '1 task and 0 runs imported; 1 failed: /x/run.json: bad status.' });
    expect(outcome.phase).toBe('partial');
    expect(outcome.message).toMatch(/^1 task and 0 runs imported; 1 failed: .*Fix the folders named above/);
  });

  it('failed: nothing imported, the reason, and what to do', () => {
    const outcome = importOutcome({ state: 'failed', message: '0 tasks and 0 runs imported; 1 failed: /nope: no such folder. Check the path of the task or output bundle.' });
    expect(outcome.phase).toBe('failed');
    expect(outcome.message).toContain('/nope: no such folder');
    expect(outcome.message).toMatch(/^Nothing was imported\. .* Fix the paths above and press Import again\.$/);
  });

  it('cancelled: what was kept and how to go on', () => {
    expect(importOutcome({ state: 'cancelled', message: 'Cancelled.' }).message).toMatch(/kept; press Import/);
  });
});
