import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi } from '../api/open-api.ts';
import { HARNESS_ADAPTERS } from '../runs/harnesses/harness-registry.ts';
import { REAL_HARNESSES } from '../runs/study/real-harness-study.fixture.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../runs/harnesses/test-harness-tools.fixture.ts';
import { runLhbChild } from './lhb-child-process.fixture.ts';

// `lhb runs start --demo` with each real harness CLI against the scripted model server: besides the
// Figma pricing task, the demo runs a Figma task whose design comes from an MCP server in its task
// folder, and a programmatic task with two revision requests, each with its own script.

let dir: string;
let workspaceDir: string;

beforeAll(async () => {
  for (const id of REAL_HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  dir = mkdtempSync(join(tmpdir(), 'lhb-demo-runs-'));
  workspaceDir = join(dir, 'ws');
}, 900_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.each(REAL_HARNESSES)('lhb runs start --demo --harness %s', (harness) => {
  it('runs the MCP-using Figma task (its call in the trajectory as mcp:<server>.<tool>) and the 3-turn programmatic task', async () => {
    const ran = await runLhbChild(['runs', 'start', '--demo', '--harness', harness, '--workspace', workspaceDir, '--json'], { LHB_TOOLS_DIR: TEST_TOOLS_DIR });
    expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    const { studyId } = JSON.parse(ran.stdout.trim().split('\n').at(-1)!) as { studyId: string };
    const api = await openApi(workspaceDir);
    try {
      const { runs } = await api.call('runs.study', { studyId });
      expect(runs.map((run) => [run.taskId, run.status]).sort()).toEqual([
        ['demo-design-tokens-mcp', 'succeeded'],
        ['demo-figma-pricing', 'succeeded'],
        ['demo-grpo-revisions', 'succeeded'],
      ]);
      const runOf = (taskId: string) => runs.find((run) => run.taskId === taskId)!.id;

      const trajectory = (await api.call('runs.trajectory', { runId: runOf('demo-design-tokens-mcp') })).trajectory!;
      const mcpCalls = trajectory.steps.flatMap((step) => step.toolCalls).filter((call) => call.name.startsWith('mcp:'));
      expect(mcpCalls.map((call) => [call.name, call.ok])).toEqual([
        ['mcp:design.list_frames', true],
        ['mcp:design.get_frame', true],
      ]);
      expect(mcpCalls[1]!.result).toContain('#3b2f8f');

      const turns = (await api.call('runs.show', { runId: runOf('demo-grpo-revisions') })).run.turns;
      expect(turns.map((turn) => [turn.index, turn.status])).toEqual([
        [1, 'succeeded'],
        [2, 'succeeded'],
        [3, 'succeeded'],
      ]);
      expect(turns[1]!.prompt).toContain('PPO');
      expect(turns[2]!.artifacts.map((artifact) => artifact.path)).toContain('dist/gradient-flow.svg');
    } finally {
      await api.close();
    }
  }, 900_000);
});

describe('lhb runs start --demo --task <a demo folder task by id>', () => {
  it('runs it from its folder, with its turns and its own script', async () => {
    const ran = await runLhbChild(['runs', 'start', '--demo', '--task', 'demo-grpo-revisions', '--harness', 'claude-code', '--workspace', workspaceDir, '--json'], { LHB_TOOLS_DIR: TEST_TOOLS_DIR });
    expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    const { runs } = JSON.parse(ran.stdout.trim().split('\n').at(-1)!) as { runs: { id: string }[] };
    const api = await openApi(workspaceDir);
    try {
      expect(runs).toHaveLength(1);
      const turns = (await api.call('runs.show', { runId: runs[0]!.id })).run.turns;
      expect(turns.map((turn) => turn.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(turns[2]!.prompt).toContain('gradient-flow visual');
    } finally {
      await api.close();
    }
  }, 900_000);
});
