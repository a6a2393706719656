import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { packageRoot } from '../app-paths.ts';
import { BATCH_KIND, BATCH_SIZE, jobId } from './crash-writer.fixture.ts';
import { openDatabase } from './open-database.ts';

// Acceptance: killing the process (SIGKILL) in the middle of a stream of writes never leaves the
// database unreadable and never loses a write that was acknowledged.

const FIXTURE = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
const ROUNDS = 25;
const MAX_ACKS_BEFORE_KILL = 400;
const SEED = 0x1b_57_0d_10;

/** mulberry32: a tiny seeded PRNG, so the kill points are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface RoundResult {
  /** Every job id whose commit the writer acknowledged. */
  acked: string[];
  /** Batches the writer acknowledged as one commit. */
  batches: string[][];
  /** Acknowledged writes (a batch counts once). */
  writes: number;
}

/**
 * Starts the writer on `dbPath`, lets it acknowledge `killAfter` writes, then kills it with
 * SIGKILL. Acknowledgements that arrive before the process is gone count too.
 */
function runAndKill(dbPath: string, killAfter: number): Promise<RoundResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dbPath], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result: RoundResult = { acked: [], batches: [], writes: 0 };
    let pending = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The writer did not reach ${killAfter} acknowledged writes in time (got ${result.writes}). stderr:\n${stderr}`));
    }, 30_000);

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? ''; // a line cut short by the kill was never fully acknowledged
      for (const line of lines) {
        const [tag, ...ids] = line.split(' ');
        if (tag === 'ack' && ids.length === 1) {
          result.acked.push(...ids);
        } else if (tag === 'batch' && ids.length === BATCH_SIZE) {
          result.acked.push(...ids);
          result.batches.push(ids);
        } else {
          reject(new Error(`Unexpected line from the writer: ${JSON.stringify(line)}`));
          return;
        }
        result.writes += 1;
      }
      if (!killed && result.writes >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (!killed || signal !== 'SIGKILL') {
        reject(new Error(`The writer ended on its own (code ${code}, signal ${signal}) after ${result.writes} writes. stderr:\n${stderr}`));
      } else {
        resolve(result);
      }
    });
  });
}

interface Check {
  rows: number;
}

/** Opens the database as the app would and checks everything the acceptance line promises. */
function checkDatabase(dbPath: string, acked: Set<string>, batches: string[][]): Check {
  const { db } = openDatabase(dbPath); // must not throw
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const ids = new Set((db.prepare('SELECT id FROM jobs').all() as { id: string }[]).map((r) => r.id));

    const lost = [...acked].filter((id) => !ids.has(id));
    expect(lost, 'acknowledged writes missing after the kill').toEqual([]);

    for (const batch of batches) {
      expect(batch.filter((id) => !ids.has(id)), `acknowledged batch ${batch[0]} is incomplete`).toEqual([]);
    }
    // Atomicity, acknowledged or not: every batch in the database has all its rows.
    const partial = db
      .prepare('SELECT title, count(*) AS n FROM jobs WHERE kind = ? GROUP BY title HAVING count(*) != ?')
      .all(BATCH_KIND, BATCH_SIZE);
    expect(partial, 'batches with only some of their rows').toEqual([]);

    // Writes are sequential, so a committed write implies every earlier one committed: the ids
    // are exactly job-000001 … job-N with no hole.
    const rows = ids.size;
    if (rows > 0) expect(ids.has(jobId(rows)) && !ids.has(jobId(rows + 1)), `ids are not contiguous 1..${rows}`).toBe(true);
    return { rows };
  } finally {
    db.close();
  }
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-crash-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it(`never loses an acknowledged write nor the database across ${ROUNDS} SIGKILLs mid-stream`, async () => {
  const dbPath = join(dir, 'lhb.sqlite');
  const random = seededRandom(SEED);
  const acked = new Set<string>();
  const batches: string[][] = [];
  let previousRows = 0;
  let roundsKilledWithWal = 0;

  for (let round = 1; round <= ROUNDS; round += 1) {
    const killAfter = 1 + Math.floor(random() * MAX_ACKS_BEFORE_KILL);
    const result = await runAndKill(dbPath, killAfter);
    expect(result.writes).toBeGreaterThanOrEqual(killAfter);
    for (const id of result.acked) acked.add(id);
    batches.push(...result.batches);

    // Check a copy of the files exactly as the kill left them (database + WAL), so that the next
    // round's writer, not this check, is the one that reopens the killed database itself.
    if (existsSync(`${dbPath}-wal`)) roundsKilledWithWal += 1;
    const snapshot = join(dir, `after-kill-${round}.sqlite`);
    copyFileSync(dbPath, snapshot);
    if (existsSync(`${dbPath}-wal`)) copyFileSync(`${dbPath}-wal`, `${snapshot}-wal`);
    const { rows } = checkDatabase(snapshot, acked, batches);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${snapshot}${suffix}`, { force: true });

    expect(rows, `round ${round} should have added rows`).toBeGreaterThan(previousRows);
    previousRows = rows;
  }

  // The original file, reopened by the app after the last kill, passes the same checks.
  const { rows } = checkDatabase(dbPath, acked, batches);
  expect(rows).toBe(previousRows);
  expect(batches.length).toBeGreaterThan(0);
  // Sanity: the kills really landed mid-stream with a live WAL (not after a clean shutdown).
  expect(roundsKilledWithWal).toBe(ROUNDS);
}, 180_000);
