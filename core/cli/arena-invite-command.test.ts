import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InviteSchema } from '../../schemas/invites.ts';
import { checkVoterToken } from '../arena/invites.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const SPAWNING_TEST_TIMEOUT_MS = 90_000;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-invite-cli-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--workspace', join(root, 'ws')], { encoding: 'utf8' });

describe('lhb arena invite / invites (spawned)', () => {
  it('prints a link once that votes as the named annotator, lists it without its token, and revokes it', () => {
    const created = lhb('arena', 'invite', '--name', 'Ada Lovelace', '--expires', '3', '--url', 'https://arena.example.org/study', '--json');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const { invite, link } = JSON.parse(created.stdout) as { invite: unknown; link: string };
    const parsed = InviteSchema.parse(invite);
    expect(parsed).toMatchObject({ annotatorName: 'Ada Lovelace', status: 'active' });
    expect(Date.parse(parsed.expiresAt) - Date.parse(parsed.createdAt)).toBe(3 * 24 * 3600 * 1000);
    const token = /^https:\/\/arena\.example\.org\/study#token=(lhbv_[\w-]+)$/.exec(link)?.[1];
    expect(token).toBeDefined();

    const listed = lhb('arena', 'invites', '--json');
    expect(listed.status).toBe(0);
    expect(listed.stdout).not.toContain(token!.slice(5));
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: parsed.id, annotatorName: 'Ada Lovelace', status: 'active', lastUsedAt: null }]);

    const workspace = openWorkspace(join(root, 'ws'));
    try {
      expect(checkVoterToken(workspace.db, token!)).toMatchObject({ ok: true, annotatorName: 'Ada Lovelace' });
    } finally {
      workspace.close();
    }

    const revoked = lhb('arena', 'invites', '--revoke', parsed.id);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain('Revoked');
    const text = lhb('arena', 'invites');
    expect(text.stdout).toContain(`${parsed.id}  Ada Lovelace  revoked`);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('refuses a bad --url or --expires before creating anything, and an unknown invite id by name', () => {
    const badUrl = lhb('arena', 'invite', '--name', 'Ada', '--url', 'not an address');
    expect(badUrl.status).not.toBe(0);
    expect(badUrl.stderr).toContain('is not an address');
    const badDays = lhb('arena', 'invite', '--name', 'Ada', '--expires', '0');
    expect(badDays.status).not.toBe(0);
    expect(badDays.stderr).toContain('--expires is a whole number from 1 to 365');
    expect(lhb('arena', 'invites').stdout).toContain('No invites yet');
    const unknown = lhb('arena', 'invites', '--revoke', 'nope');
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('No invite nope');
  }, SPAWNING_TEST_TIMEOUT_MS);
});
