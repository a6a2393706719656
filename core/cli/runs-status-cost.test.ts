import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openApi } from '../api/open-api.ts';
import { recordUserStudy } from '../demo/user-study-in-demo.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// `lhb runs status` says what each study cost, in text and in JSON (one study's figures, per run,
// configuration and judge, are runs.cost's: core/costs/study-cost.test.ts): here a researcher's study in the
// demo workspace whose harnesses each reported $0.20 a run (core/demo/user-study-in-demo.fixture.ts).

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
let workspace: string;
let runs: number;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-runs-status-cost-'));
  workspace = join(dir, 'workspace');
  mkdirSync(join(dir, 'user'));
  const api = await openApi(workspace);
  runs = (await recordUserStudy(api, join(dir, 'user'), 0)).runIds.length;
  await api.close();
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('prints each study’s cost, in JSON and in text', () => {
  const list = lhb(['runs', 'status', '--json', '-w', workspace]);
  expect(list.status, list.stderr).toBe(0);
  const studies = JSON.parse(list.stdout) as { id: string; cost: { usd: number; items: number; unpricedModels: string[] } }[];
  const user = studies.find((study) => study.id === 'user-study')!;
  expect(user.cost.items).toBe(runs);
  expect(user.cost.usd).toBeCloseTo(0.2 * runs, 10);

  // The text list ends each study's line with its cost.
  const text = lhb(['runs', 'status', '-w', workspace]);
  expect(text.status, text.stderr).toBe(0);
  expect(text.stdout.split('\n').find((line) => line.startsWith('user-study'))).toMatch(new RegExp(`cost \\$${(0.2 * runs).toFixed(2).replace('.', '\\.')}$`));
});

it('lhb prices set changes the table, and a bad price is refused naming its flag', () => {
  const set = lhb(['prices', 'set', 'my-model', '--input', '2', '--output', '8', '-w', workspace]);
  expect(set.status).toBe(0);
  const listed = JSON.parse(lhb(['prices', 'list', '--json', '-w', workspace]).stdout) as { checkedOn: string; prices: { model: string; origin: string; cacheReadPerMillion: number }[] };
  expect(listed.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(listed.prices.find((price) => price.model === 'my-model')).toMatchObject({ origin: 'workspace', cacheReadPerMillion: 2 });
  const bad = lhb(['prices', 'set', 'my-model', '--input', 'cheap', '--output', '8', '-w', workspace]);
  expect(bad.status).not.toBe(0);
  expect(bad.stderr).toContain('--input');
  expect(lhb(['prices', 'unset', 'my-model', '-w', workspace]).status).toBe(0);
  const again = lhb(['prices', 'unset', 'my-model', '-w', workspace]);
  expect(again.status).not.toBe(0);
  expect(again.stderr).toContain('no price of its own for my-model');
});
