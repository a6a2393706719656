import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resolveChromiumPath } from '../bundles/chromium-path.ts';
import { checkAgentApp } from './check-agent-app.ts';
import { verifierFolderOfRun, writeVerifyConfig } from './verify-config.ts';

let runFolder: string;
let workdir: string;

beforeEach(() => {
  runFolder = mkdtempSync(join(tmpdir(), 'lhb-check-app-'));
  workdir = join(runFolder, 'work');
  mkdirSync(join(workdir, 'out', 'dist'), { recursive: true });
  writeFileSync(join(workdir, 'out', 'dist', 'index.html'), '<!doctype html><body><h1>Home</h1></body>');
  writeVerifyConfig(verifierFolderOfRun(runFolder), { frames: [{ nodeId: 'home', targetRoute: '/' }], chromiumPath: resolveChromiumPath() });
});
afterEach(() => rmSync(runFolder, { recursive: true, force: true }));

it('runs one check at a time per run: parallel tool calls’ hooks wait, and the second finds nothing changed', { timeout: 60_000 }, async () => {
  const outcomes = await Promise.all([checkAgentApp({ workdir, trigger: 'a' }), checkAgentApp({ workdir, trigger: 'b' })]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['checked', 'unchanged']);
  expect(outcomes.every((o) => o.status !== 'nothing-to-check' && o.result.ok)).toBe(true);
  expect(readFileSync(join(verifierFolderOfRun(runFolder), 'verifier-findings.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);

  // A lock left by a process that is gone does not block the next check.
  writeFileSync(join(verifierFolderOfRun(runFolder), 'verifier.lock'), '999999999');
  writeFileSync(join(workdir, 'out', 'dist', 'index.html'), '<!doctype html><body></body>');
  const next = await checkAgentApp({ workdir, trigger: 'c' });
  expect(next).toMatchObject({ status: 'checked', result: { ok: false, findings: [{ kind: 'blank-render', route: '/' }] } });
});
