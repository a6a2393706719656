// Child process for job-ownership.test.ts: the "app" that owns a running job while the test, as a
// second process, opens the same workspace.
//
//   node --import tsx core/jobs/job-owner.fixture.ts DBPATH [HEARTBEAT_MS]
//
// Starts one job that reports 1 of 4 and then waits. Prints `started JOBID` once the job runs.
// On a stdin line `finish` the job succeeds; the process prints `finished`, closes the database
// and exits. The test may instead kill it with SIGKILL.
import { createInterface } from 'node:readline';
import { openDatabase } from '../store/open-database.ts';
import { JobRunner } from './job-runner.ts';

export const OWNED_JOB_TITLE = 'Owned by a child process';
export const OWNED_JOB_MESSAGE = 'Finished by its owner';

async function main(dbPath: string, heartbeatIntervalMs: number | undefined): Promise<void> {
  const { db } = openDatabase(dbPath);
  const runner = new JobRunner(db, undefined, heartbeatIntervalMs === undefined ? {} : { heartbeatIntervalMs });
  let finish: ((message: string) => void) | undefined;
  const job = runner.start('test.owned', OWNED_JOB_TITLE, async (progress) => {
    progress.report(1, 4, 'One of four');
    return new Promise<string>((resolve) => (finish = resolve));
  });
  process.stdout.write(`started ${job.id}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'finish') continue;
    finish?.(OWNED_JOB_MESSAGE);
    await runner.idle();
    process.stdout.write('finished\n');
    await runner.shutdown();
    db.close();
    process.exit(0);
  }
}

const [dbPath, heartbeat] = process.argv.slice(2);
if (process.argv[1]?.endsWith('job-owner.fixture.ts')) {
  if (!dbPath) {
    process.stderr.write('usage: node --import tsx core/jobs/job-owner.fixture.ts DBPATH [HEARTBEAT_MS]\n');
    process.exit(2);
  }
  void main(dbPath, heartbeat === undefined ? undefined : Number(heartbeat));
}
