import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../../../schemas/analysis.ts';
import { openApi } from '../../api/open-api.ts';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../../runs/harnesses/test-harness-tools.fixture.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { NO_ARTIFACT_NOTE } from './build-prompt.ts';
import { rubricNamesOf, validReplyTo } from './judging-workspace.fixture.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS } from '../providers/fake-judge-setup.fixture.ts';

// The no-artifact control on the demo: `lhb runs start --demo` runs the three harness CLIs on the
// demo's Figma and chapter tasks; `lhb judge` judges the process tier with three judges (one per
// provider wire format), then `lhb judge --control no-artifact` asks them again with nothing of
// the runs shown. The scripted judges give every rubric 4 with the artifact; without it, they
// give the first rubric of each set 4 again (they ignore the artifact for it) and every other 1.
// The report must name exactly those first rubrics as not moved by the artifact, and count none
// of the control's judgments as scores.
const HARNESSES = ['claude-code', 'codex', 'gemini-cli'] as const;

let dir: string;
let workspaceDir: string;
const servers: FakeProviderServer[] = [];
/** The rubric each scripted judge ignores the artifact for: the first one its prompt lists. */
const ignored = new Set<string>();

beforeAll(async () => {
  for (const id of HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  dir = mkdtempSync(join(tmpdir(), 'lhb-no-artifact-'));
  workspaceDir = join(dir, 'ws');
  await (await openApi(workspaceDir)).close();
  const respond = (request: { prompt: { text: string } }) => {
    const text = request.prompt.text;
    const first = rubricNamesOf(text)[0]!;
    ignored.add(first);
    const withoutArtifact = text.includes(NO_ARTIFACT_NOTE);
    return { type: 'text' as const, text: validReplyTo(text, (name) => (withoutArtifact && name !== first ? 1 : 4)), usage: { input: 500, output: 50 } };
  };
  for (const { start } of FAKE_SERVERS) servers.push(await start({ respond }));
}, 900_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const judgmentCount = (table: 'judgments' | 'control_judgments') => {
  const workspace = openWorkspace(workspaceDir, { access: 'read' });
  try {
    return (workspace.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE status = 'ok'`).get() as { n: number }).n;
  } finally {
    workspace.close();
  }
};

describe('the no-artifact control on the demo', () => {
  it('names exactly the rubrics a judge scores the same without the artifact, and counts no control judgment as a score', async () => {
    const env = { LHB_TOOLS_DIR: TEST_TOOLS_DIR };
    for (const task of ['demo-figma-pricing', 'demo-chapter-trend']) {
      const ran = await runLhbChild(['runs', 'start', '--demo', '--task', task, '--workspace', workspaceDir, '--json'], env);
      expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    }
    const judgesFile = join(dir, 'judges.json');
    writeFileSync(judgesFile, JSON.stringify(FAKE_SERVERS.map(({ provider }, i) => ({ name: `${provider}-judge`, provider, baseUrl: servers[i]!.baseUrl, model: `${provider}-judge-model`, apiKeyEnv: FAKE_KEY_ENV }))));
    const judge = async (...extra: string[]) => {
      const judged = await runLhbChild(['judge', '--judges', judgesFile, '--tier', 'process', ...extra, '--workspace', workspaceDir, '--json'], { ...env, ...FAKE_KEYS });
      expect(judged.status, `${judged.stdout}\n${judged.stderr}`).toBe(0);
      return JSON.parse(judged.stdout) as { control: string | null; runs: number; judgments: { ok: number } };
    };

    const real = await judge();
    expect(real).toMatchObject({ control: null, runs: 6 });
    const realJudgments = judgmentCount('judgments');
    const analyse = async () => {
      const analysed = await runLhbChild(['analyze', '--json', '--exclude-synthetic', '--workspace', workspaceDir], env);
      expect(analysed.status, analysed.stderr).toBe(0);
      return JSON.parse(analysed.stdout) as AnalysisReport;
    };
    const before = await analyse();
    expect(before.sections.map((section) => section.id)).not.toContain('controls');

    const bad = await runLhbChild(['judge', '--judges', judgesFile, '--control', 'blank', '--workspace', workspaceDir], { ...env, ...FAKE_KEYS });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--control is no-artifact');

    const control = await judge('--control', 'no-artifact');
    expect(control).toMatchObject({ control: 'no-artifact', runs: 6 });
    // Every prompt of the control said nothing of the run is shown, and held no trajectory.
    const controlPrompts = servers.flatMap((server) => server.requests).filter((request) => request.prompt.text.includes(NO_ARTIFACT_NOTE));
    expect(controlPrompts).toHaveLength(6 * 3);
    for (const request of controlPrompts) expect(request.prompt.text).not.toContain("The agent's trajectory");
    // Stored apart: the real judgments are as they were.
    expect(judgmentCount('judgments')).toBe(realJudgments);
    expect(judgmentCount('control_judgments')).toBe(control.judgments.ok);

    const after = await analyse();
    expect(after.study.judgments).toBe(before.study.judgments);
    expect(after.leaderboards).toEqual(before.leaderboards);
    expect(after.agreement).toEqual(before.agreement);
    const rows = after.controls.artifactEffect;
    expect(rows.length).toBeGreaterThan(ignored.size);
    expect(new Set(rows.map((row) => row.judge))).toEqual(new Set(FAKE_SERVERS.map(({ provider }) => `${provider}-judge`)));
    // Two tasks give no interval over tasks, so the threshold decides: exactly the ignored rubrics, for every judge.
    expect(new Set(rows.filter((row) => row.notMoved).map((row) => `${row.judge} ${row.rubric}`))).toEqual(new Set(rows.filter((row) => ignored.has(row.rubric)).map((row) => `${row.judge} ${row.rubric}`)));
    for (const row of rows) {
      expect(row.effect).toBe(ignored.has(row.rubric) ? 0 : 3);
      expect(row.why).toBe(ignored.has(row.rubric) ? 'below-threshold' : null);
    }

    // The Markdown report says so in the section's own words.
    const md = await runLhbChild(['analyze', '--md', '--exclude-synthetic', '--workspace', workspaceDir], env);
    expect(md.status, md.stderr).toBe(0);
    expect(md.stdout).toContain('## Controls: what the scores measure');
    const sentence = md.stdout.split('\n').find((line) => line.includes('The artifact does not move'))!;
    expect(sentence).toContain(`does not move ${rows.filter((row) => row.notMoved).length} of ${rows.length}`);
    for (const rubric of ignored) expect(sentence).toContain(`${rubric} (`);
    for (const row of rows.filter((r) => !r.notMoved)) expect(sentence).not.toContain(`${row.rubric} (`);
  }, 900_000);
});
