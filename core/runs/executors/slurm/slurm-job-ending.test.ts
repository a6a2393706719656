import { describe, expect, it } from 'vitest';
import type { OutcomeFile } from './exec-file.ts';
import { endingFromOutcomeFile, slurmDurationMs } from './slurm-job-ending.ts';

const written = (outcome: Partial<OutcomeFile['outcome']>): OutcomeFile => ({
  runId: 'r1',
  jobId: '17',
  host: 'node1',
  outcome: { exitCode: null, signal: null, timedOut: false, cancelled: false, outputCapped: false, spawnError: null, durationMs: 1000, stdoutBytes: 10, stderrTail: '', ...outcome },
});

// Slurm signals every process of a stopped job at once: whichever of `lhb runs exec` and the harness
// reacts first decides how the outcome file records the stop.
const stopsAsRecorded = {
  'a cancel (runs exec saw SIGTERM first)': written({ cancelled: true, signal: 'SIGTERM' }),
  'exit 143 (the harness shell ended on SIGTERM first)': written({ exitCode: 143 }),
  'the signal (the harness ended by SIGTERM first)': written({ signal: 'SIGTERM' }),
};

describe('how a Slurm job ended, from its outcome file and Slurm state', () => {
  for (const [how, file] of Object.entries(stopsAsRecorded)) {
    describe(`a job stopped from outside, recorded as ${how}`, () => {
      it('waits for Slurm to say why while the job has not ended', () => {
        for (const state of ['RUNNING', 'COMPLETING', 'PENDING']) expect(endingFromOutcomeFile(file, '17', state, false)).toBeUndefined();
      });
      it('is lost (submitted again) when its node failed or it was preempted', () => {
        expect(endingFromOutcomeFile(file, '17', 'NODE_FAIL', false)).toEqual({ lost: 'Slurm job 17 ended NODE_FAIL' });
        expect(endingFromOutcomeFile(file, '17', 'PREEMPTED', false)).toEqual({ lost: 'Slurm job 17 ended PREEMPTED' });
        expect(endingFromOutcomeFile(file, '17', 'VANISHED', false)).toEqual({ lost: expect.stringMatching(/^Slurm job 17 vanished/) });
      });
      it('is cancelled after an scancel from outside, and timed out at its time limit', () => {
        expect(endingFromOutcomeFile(file, '17', 'CANCELLED', false)).toMatchObject({ outcome: { cancelled: true, timedOut: false } });
        expect(endingFromOutcomeFile(file, '17', 'TIMEOUT', false)).toMatchObject({ outcome: { cancelled: false, timedOut: true } });
      });
    });
  }

  it('a harness that ended by itself counts only once Slurm says the job ended, then as recorded', () => {
    for (const state of ['RUNNING', 'COMPLETING', 'PENDING', 'SUSPENDED']) expect(endingFromOutcomeFile(written({ exitCode: 0 }), '17', state, false)).toBeUndefined();
    for (const state of ['COMPLETED', 'FAILED']) {
      expect(endingFromOutcomeFile(written({ exitCode: 0 }), '17', state, false)).toMatchObject({ outcome: { exitCode: 0, cancelled: false } });
      expect(endingFromOutcomeFile(written({ exitCode: 1 }), '17', state, false)).toMatchObject({ outcome: { exitCode: 1 } });
    }
  });

  it('an outcome naming another job than the one followed, or none, never counts', () => {
    for (const jobId of ['16', '170', null]) {
      for (const state of ['RUNNING', 'COMPLETED', 'VANISHED']) expect(endingFromOutcomeFile({ ...written({ exitCode: 0 }), jobId }, '17', state, false)).toBeUndefined();
    }
  });

  it('a harness that ended on SIGTERM of its own in a job that completed keeps its exit code', () => {
    expect(endingFromOutcomeFile(written({ exitCode: 143 }), '17', 'COMPLETED', false)).toMatchObject({ outcome: { exitCode: 143, cancelled: false } });
  });

  it('after our own cancel the recorded outcome is the answer once the job ended', () => {
    expect(endingFromOutcomeFile(written({ cancelled: true }), '17', 'RUNNING', true)).toBeUndefined();
    expect(endingFromOutcomeFile(written({ cancelled: true }), '17', 'CANCELLED', true)).toMatchObject({ outcome: { cancelled: true } });
    expect(endingFromOutcomeFile(written({ exitCode: 143 }), '17', 'CANCELLED', true)).toMatchObject({ outcome: { exitCode: 143 } });
  });
});

describe("squeue's time used", () => {
  it('reads every form squeue prints, and none for a job not started', () => {
    expect(slurmDurationMs('0:07')).toBe(7_000);
    expect(slurmDurationMs('12:34')).toBe((12 * 60 + 34) * 1000);
    expect(slurmDurationMs('1:02:03')).toBe((3600 + 2 * 60 + 3) * 1000);
    expect(slurmDurationMs('2-01:00:00')).toBe((2 * 24 + 1) * 3600 * 1000);
    expect(slurmDurationMs('INVALID')).toBeUndefined();
  });
});
