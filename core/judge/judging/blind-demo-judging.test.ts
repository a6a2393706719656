import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';
import { TrajectorySchema } from '../../../schemas/trajectory.ts';
import { packageRoot } from '../../app-paths.ts';
import { openApi } from '../../api/open-api.ts';
import { canonicalHarnessId, HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../../runs/harnesses/test-harness-tools.fixture.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { listRuns } from '../../store/run-repository.ts';
import { listStudies, listStudyRuns } from '../../store/study-repository.ts';
import { findTask } from '../../store/task-repository.ts';
import { listJudgmentsWithReplies } from '../../store/judge-reply-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS } from '../providers/fake-judge-setup.fixture.ts';
import type { FakeProviderServer, FakeRequest } from '../../model-apis/fake-model-api-server.fixture.ts';
import { openRubricLibrary } from '../rubrics/rubric-library.ts';
import { fingerprintsIn } from './harness-fingerprints.ts';
import { validReplyTo } from './judging-workspace.fixture.ts';

// The acceptance run of blind judging by task kind, on the demo: `lhb runs start --demo` runs
// the installed harness CLIs (Claude Code, Codex, Gemini CLI) against the scripted model server
// on the demo's Figma task, and again on its chapter (programmatic) task; then `lhb judge`
// judges all three tiers with three judges, one per provider wire format, through local fake
// servers that keep every request. No request may name a run, study or configuration, a harness
// or model, or a folder of this machine, or carry a harness's fingerprint (harness-fingerprints.ts); and no judgment may be made with a set for the other kind.
const HARNESSES = ['claude-code', 'codex', 'gemini-cli'] as const;


/** A request body's text: every string in it except image data (base64 could spell a word by chance). */
function bodyText(value: unknown): string {
  if (typeof value === 'string') return value.length > 200 && /^[A-Za-z0-9+/=\s]+$/.test(value) ? '' : value;
  if (Array.isArray(value)) return value.map(bodyText).join('\n');
  if (value && typeof value === 'object') return Object.values(value as Record<string, unknown>).map(bodyText).join('\n');
  return '';
}

let dir: string;
let workspaceDir: string;
const servers: FakeProviderServer[] = [];
const previousToolsDir = process.env.LHB_TOOLS_DIR;

beforeAll(async () => {
  for (const id of HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  dir = mkdtempSync(join(tmpdir(), 'lhb-blind-demo-'));
  workspaceDir = join(dir, 'ws');
  const api = await openApi(workspaceDir); // seeds the demo: data room, arena bundles, synthetic study
  await api.close();
  for (const { start } of FAKE_SERVERS) servers.push(await start({ respond: (request) => ({ type: 'text', text: validReplyTo(request.prompt.text), usage: { input: 1000, output: 100 } }) }));
}, 900_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  if (previousToolsDir === undefined) delete process.env.LHB_TOOLS_DIR;
  else process.env.LHB_TOOLS_DIR = previousToolsDir;
  rmSync(dir, { recursive: true, force: true });
});

describe('judging the demo blind, by task kind', () => {
  it('three judges, three tiers: no prompt names a run, harness, model or local path, and no judgment uses a set for the other kind', async () => {
    const env = { LHB_TOOLS_DIR: TEST_TOOLS_DIR };
    for (const task of ['demo-figma-pricing', 'demo-chapter-trend']) {
      const ran = await runLhbChild(['runs', 'start', '--demo', '--task', task, '--workspace', workspaceDir, '--json'], env);
      expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    }
    const judgesFile = join(dir, 'judges.json');
    writeFileSync(judgesFile, JSON.stringify(FAKE_SERVERS.map(({ provider }, i) => ({ name: `${provider}-judge`, provider, baseUrl: servers[i]!.baseUrl, model: `${provider}-judge-model`, apiKeyEnv: FAKE_KEY_ENV, pricePerMillion: i === 2 ? undefined : { input: 1, output: 2 } }))));
    const summaries: Record<string, { runs: number; skipped: { runId: string; reason: string }[]; units: { total: number; ok: number } }> = {};
    for (const tier of ['process', 'output', 'content']) {
      const judged = await runLhbChild(['judge', '--judges', judgesFile, '--tier', tier, '--workspace', workspaceDir, '--json'], { ...env, ...FAKE_KEYS });
      expect(judged.status, `${judged.stdout}\n${judged.stderr}`).toBe(0);
      summaries[tier] = JSON.parse(judged.stdout);
    }

    const workspace = openWorkspace(workspaceDir, { access: 'read' });
    try {
      const { db } = workspace;
      const project = findCurrentProject(db)!;
      const runs = listRuns(db, project.id).filter((run) => run.synthetic === 0);
      const studies = listStudies(db, project.id);
      const studyRuns = studies.flatMap((study) => listStudyRuns(db, study.id));
      expect(studyRuns).toHaveLength(6);
      expect(studyRuns.every((run) => run.status === 'succeeded')).toBe(true);
      const kindOf = (runId: string) => findTask(db, runs.find((run) => run.id === runId)!.task_id)!.kind;

      // What identifies each run: ids, its harness's names, its model (as stored and as the
      // trajectory reports it), and the folders of this machine.
      const ids = [...runs.flatMap((run) => [run.id, run.config_id]), ...studies.map((study) => study.id), ...studyRuns.map((run) => run.id)];
      const harnessNames = [...new Set(runs.map((run) => canonicalHarnessId(run.harness) ?? run.harness))].flatMap((id) => {
        const adapter = Object.values(HARNESS_ADAPTERS).find((candidate) => candidate.id === id);
        return adapter ? [adapter.id, adapter.displayName, ...adapter.aliases] : [id];
      });
      const trajectoryModels = studyRuns.flatMap((run) => (run.trajectory_sha256 ? [TrajectorySchema.parse(JSON.parse(workspace.blobs.read(run.trajectory_sha256).toString('utf8'))).model] : []));
      const models = [...runs.map((run) => run.model), ...studyRuns.map((run) => run.model), ...trajectoryModels].filter((model): model is string => !!model);
      const folders = [workspaceDir, join(workspaceDir, 'studies'), TEST_TOOLS_DIR, packageRoot, homedir(), dir];
      const requests: FakeRequest[] = servers.flatMap((server) => server.requests);
      expect(servers.every((server) => server.requests.length > 0)).toBe(true);
      expect(servers.flatMap((server) => server.rejected)).toEqual([]);
      const leaks: string[] = [];
      for (const request of requests) {
        const text = bodyText(request.body);
        for (const id of ids) if (text.includes(id)) leaks.push(`id ${id}`);
        for (const name of [...harnessNames, ...models]) if (text.toLowerCase().includes(name.toLowerCase())) leaks.push(`name ${name}`);
        for (const folder of folders) if (text.includes(folder)) leaks.push(`folder ${folder}`);
        for (const match of text.matchAll(/\.(claude|gemini|agents|codex)\//gi)) leaks.push(`harness folder ${match[0]}`);
        // And the fingerprint scan: a harness's tool names, result phrases and settings folders.
        for (const print of fingerprintsIn(text)) leaks.push(`${print.kind} ${print.found}`);
      }
      expect([...new Set(leaks)]).toEqual([]);

      // Every tier judged runs of its kinds, with every judge, and said why it left the others out.
      expect(summaries.process!.runs).toBe(6);
      expect(summaries.output!.runs).toBe(6);
      expect(summaries.content!.runs).toBe(5);
      for (const skipped of summaries.content!.skipped) expect(kindOf(skipped.runId)).toBe('figma');
      for (const skipped of summaries.output!.skipped) expect(kindOf(skipped.runId)).toBe('programmatic');

      // No judgment made with a set for the other kind.
      const library = openRubricLibrary(db);
      const judgments = listJudgmentsWithReplies(db, project.id).filter((row) => row.synthetic === 0);
      expect(judgments.length).toBeGreaterThan(0);
      for (const judgment of judgments) {
        const kinds = library.require(judgment.rubric_set, judgment.rubric_version, judgment.scale).set.taskKinds!;
        expect(kinds === 'any' || kinds.includes(kindOf(judgment.run_id)), `${judgment.rubric_set} on ${judgment.run_id}`).toBe(true);
      }
      expect(new Set(judgments.map((row) => `${row.tier} ${row.rubric_set} ${kindOf(row.run_id)}`))).toEqual(
        new Set(['process figma-process figma', 'process programmatic-process programmatic', 'output figma-output figma', 'content programmatic-content programmatic']),
      );

      // The process tier shows what each harness did, in the same words for all of them.
      const processPrompts = requests.map((request) => bodyText(request.body)).filter((text) => text.includes("### The agent's trajectory, condensed"));
      expect(processPrompts.length).toBe(6 * 3);
      for (const text of processPrompts) {
        expect(text).toMatch(/\[step \d+\] (read|shell)\(/);
        expect(text).toContain('skills/static-page-builder');
      }
    } finally {
      workspace.close();
    }
    expect(readFileSync(judgesFile, 'utf8')).not.toContain(FAKE_KEYS[FAKE_KEY_ENV]!);
  }, 900_000);
});
