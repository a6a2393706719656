import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { demoDatasetDir } from '../app-paths.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { createInvite } from '../arena/invites.ts';
import { runLhbChild } from '../cli/lhb-child-process.fixture.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';

// The audit's busy workspace, smaller: invite voters voting over HTTP while CLI processes write
// to the same workspace. Nothing here is timed; what counts is that no answer is a 5xx or
// "database is locked" and that every acknowledged vote is stored exactly once.
const VOTERS = 50;
const VOTES_EACH = 20;
const OWNER_TOKEN = 'owner-token-busy-0123456789abcdef';

let root: string;
let workspaceDir: string;
let api: Api;
let server: RunningHttpServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lhb-busy-workspace-'));
  workspaceDir = join(root, 'workspace');
  // As `lhb serve` leaves it: the demo data room seeded before anyone votes.
  api = await openApi(workspaceDir);
  await importBundles(api.context.workspace, [join(demoDatasetDir, 'arena')], { captureMissingFrames: false });
  server = await startHttpServer({ api, port: 0, token: OWNER_TOKEN, rendererDir: join(root, 'renderer'), heartbeatMs: 1000 });
});

afterAll(async () => {
  await server?.close();
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Files for `sources add`, each a source of its own (different text, so different content). */
function sourceFolder(name: string, count: number): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const lines = Array.from({ length: 40 }, (_, line) => `Line ${line} of ${name} note ${i}: the weekly order figures are reconciled.`);
    writeFileSync(join(dir, `note-${i}.md`), `# ${name} note ${i}\n\n${lines.join('\n')}\n`);
  }
  return dir;
}

/** Copies of a demo bundle that differ in their start time, so each is a run of its own. */
function bundleFolder(count: number): string {
  const dir = join(root, 'bundles');
  const original = join(demoDatasetDir, 'arena', 'bundles', 'bundle-04');
  const run = JSON.parse(readFileSync(join(original, 'run.json'), 'utf8')) as Record<string, unknown>;
  for (let i = 0; i < count; i++) {
    const copy = join(dir, `bundle-${i}`);
    cpSync(original, copy, { recursive: true });
    writeFileSync(join(copy, 'run.json'), JSON.stringify({ ...run, started_at: `2025-10-07T13:${String(i).padStart(2, "0")}:00Z` }));
  }
  return dir;
}

/** New task folders for `runs import`. */
function taskFolder(count: number): string {
  const dir = join(root, 'tasks');
  for (let i = 0; i < count; i++) {
    mkdirSync(join(dir, `task-${i}`), { recursive: true });
    writeFileSync(
      join(dir, `task-${i}`, 'task.json'),
      JSON.stringify({ id: `busy-task-${i}`, kind: 'programmatic', title: `Busy task ${i}`, instruction: 'Write a page that shows the weekly order trend.' }),
    );
  }
  return dir;
}

interface Answer {
  status: number;
  body: unknown;
}

async function rpc(token: string, method: string, input: unknown): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${server.port}/rpc/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: await res.json() };
}

describe('a busy workspace', () => {
  it(`takes ${VOTERS} voters × ${VOTES_EACH} votes over HTTP while four CLI writers work, with no 5xx, no "locked", every acknowledged vote stored once`, async () => {
    const db = api.context.workspace.db;
    const voters = Array.from({ length: VOTERS }, (_, i) => ({ name: `Voter ${i}`, token: createInvite(db, { name: `Voter ${i}`, expiresInDays: 14 }).token }));
    const sourcesA = sourceFolder('sources-a', 30);
    const bundles = bundleFolder(20);
    const tasks = taskFolder(20);

    const failures: string[] = [];
    const acknowledged: string[] = [];
    let voting = true;

    const cli = async (args: string[]) => {
      const result = await runLhbChild([...args, '--workspace', workspaceDir]);
      const output = `${result.stdout}\n${result.stderr}`;
      if (result.status !== 0 || /locked|busy, try again|free disk space/i.test(output)) failures.push(`lhb ${args.join(' ')} exited ${result.status}: ${output.trim().slice(0, 400)}`);
    };
    const writers = [
      cli(['sources', 'add', sourcesA]),
      cli(['runs', 'import', bundles]),
      cli(['runs', 'import', tasks]),
      (async () => {
        let i = 0;
        do await cli(['arena', 'invite', '--name', `Late voter ${i++}`, '--json']);
        while (voting && i < 6);
      })(),
    ];

    const vote = async (voter: { name: string; token: string }) => {
      for (let n = 0; n < VOTES_EACH; n++) {
        const who = (await rpc(voter.token, 'session.whoami', {})).body as { annotatorId: string };
        const next = await rpc(voter.token, 'arena.nextPair', { annotatorId: who.annotatorId, allowRepeats: true });
        if (next.status !== 200) {
          failures.push(`${voter.name} nextPair ${next.status}: ${JSON.stringify(next.body).slice(0, 300)}`);
          continue;
        }
        const item = (next.body as { item: { token: string } | null }).item;
        if (!item) {
          failures.push(`${voter.name} got no pair`);
          continue;
        }
        const cast = await rpc(voter.token, 'arena.vote', { token: item.token, choice: n % 2 ? 'left' : 'right', ratingLeft: 3, ratingRight: 4, reason: '', timeOnItemMs: 900 });
        if (cast.status === 200) acknowledged.push((cast.body as { voteId: string }).voteId);
        else failures.push(`${voter.name} vote ${cast.status}: ${JSON.stringify(cast.body).slice(0, 300)}`);
      }
    };
    await Promise.all(voters.map(vote));
    voting = false;
    await Promise.all(writers);

    const serverErrors = failures.filter((line) => / 5\d\d: |locked|busy, try again|free disk space|exited/i.test(line));
    expect(serverErrors, serverErrors.slice(0, 5).join('\n')).toEqual([]);
    expect(failures).toEqual([]);
    expect(acknowledged).toHaveLength(VOTERS * VOTES_EACH);
    const stored = db.prepare(`SELECT id FROM votes WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(acknowledged)) as { id: string }[];
    expect(new Set(stored.map((row) => row.id)).size).toBe(acknowledged.length);
    expect(stored).toHaveLength(acknowledged.length);
    // What the CLI wrote is there too.
    expect((db.prepare(`SELECT COUNT(*) AS n FROM tasks WHERE id LIKE 'busy-task-%'`).get() as { n: number }).n).toBe(20);
  }, 300_000);

  it('answers 503 "busy, try again" to a write that cannot get the lock, never 500 or a disk-space hint', async () => {
    const token = createInvite(api.context.workspace.db, { name: 'Patient voter', expiresInDays: 14 }).token;
    const who = (await rpc(token, 'session.whoami', {})).body as { annotatorId: string };
    const next = (await rpc(token, 'arena.nextPair', { annotatorId: who.annotatorId, allowRepeats: true })).body as { item: { token: string } };
    // Another process holds the write lock for longer than the busy wait.
    const holder = openWorkspace(workspaceDir);
    holder.db.pragma('busy_timeout = 0');
    holder.db.exec('BEGIN IMMEDIATE');
    holder.db.prepare(`UPDATE meta SET value = value WHERE key = (SELECT key FROM meta LIMIT 1)`).run();
    try {
      const cast = await rpc(token, 'arena.vote', { token: next.item.token, choice: 'left', ratingLeft: 3, ratingRight: 4, reason: '', timeOnItemMs: 900 });
      expect(cast.status, JSON.stringify(cast.body)).toBe(503);
      const error = RpcErrorBodySchema.parse(cast.body).error;
      expect(error.code).toBe('busy');
      expect(error.message).toMatch(/busy/i);
      expect(error.message).toMatch(/try again/i);
      expect(error.message).not.toMatch(/disk/i);
    } finally {
      holder.db.exec('ROLLBACK');
      holder.close();
    }
    // Once the lock is free the same vote goes through.
    const again = await rpc(token, 'arena.vote', { token: next.item.token, choice: 'left', ratingLeft: 3, ratingRight: 4, reason: '', timeOnItemMs: 900 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  }, 60_000);
});
