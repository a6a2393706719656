import { describe, expect, it } from 'vitest';
import type { OutcomeFile } from './exec-file.ts';
import { endingFromOutcomeFile } from './slurm-job-ending.ts';

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

  it('a harness that ended by itself is taken as recorded, whatever Slurm says yet', () => {
    for (const state of ['RUNNING', 'COMPLETED', 'FAILED']) {
      expect(endingFromOutcomeFile(written({ exitCode: 0 }), '17', state, false)).toMatchObject({ outcome: { exitCode: 0, cancelled: false } });
      expect(endingFromOutcomeFile(written({ exitCode: 1 }), '17', state, false)).toMatchObject({ outcome: { exitCode: 1 } });
    }
  });

  it('a harness that ended on SIGTERM of its own in a job that completed keeps its exit code', () => {
    expect(endingFromOutcomeFile(written({ exitCode: 143 }), '17', 'COMPLETED', false)).toMatchObject({ outcome: { exitCode: 143, cancelled: false } });
  });

  it('after our own cancel the recorded outcome is the answer at once', () => {
    expect(endingFromOutcomeFile(written({ cancelled: true }), '17', 'RUNNING', true)).toMatchObject({ outcome: { cancelled: true } });
    expect(endingFromOutcomeFile(written({ exitCode: 143 }), '17', 'RUNNING', true)).toMatchObject({ outcome: { exitCode: 143 } });
  });
});
