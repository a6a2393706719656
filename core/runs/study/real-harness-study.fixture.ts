import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { createApi, type Api } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importBundles } from '../bundles/import-bundles.ts';
import { HARNESS_ADAPTERS, installableHarnesses } from '../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../harnesses/test-harness-tools.fixture.ts';

/** Every harness with a CLI of its own: a new adapter gets each real-CLI acceptance run too. */
export const REAL_HARNESSES: HarnessId[] = installableHarnesses().map((adapter) => adapter.id);

type TaskJson = { id: string } & Record<string, unknown>;

export interface RealHarnessStudy {
  readonly dir: string;
  readonly api: Api;
  readonly taskFolder: string;
}

/**
 * For a file of real-CLI acceptance runs: the pinned harness CLIs installed (LHB_TOOLS_DIR
 * pointed at them), a fresh workspace, and one task folder (`task.json` is `task`, or what it
 * returns when the file's tests start, for a task naming what exists only then; plus whatever
 * `addFiles` writes) imported into it; all removed, and LHB_TOOLS_DIR restored, after the file.
 */
export function useRealHarnessStudy(prefix: string, taskOrLater: TaskJson | (() => TaskJson), addFiles: (folder: string) => void = () => {}): RealHarnessStudy {
  const previousToolsDir = process.env.LHB_TOOLS_DIR;
  let dir = '';
  let api: Api | undefined;
  let taskFolder = '';
  beforeAll(async () => {
    const task = typeof taskOrLater === 'function' ? taskOrLater() : taskOrLater;
    for (const id of REAL_HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
    process.env.LHB_TOOLS_DIR = TEST_TOOLS_DIR;
    dir = mkdtempSync(join(tmpdir(), prefix));
    api = createApi(openWorkspace(join(dir, 'ws')));
    taskFolder = join(dir, task.id);
    mkdirSync(taskFolder, { recursive: true });
    writeFileSync(join(taskFolder, 'task.json'), JSON.stringify(task));
    addFiles(taskFolder);
    const imported = await importBundles(api.context.workspace, [taskFolder], { captureMissingFrames: false });
    if (imported.outcomes[0]?.status !== 'imported') throw new Error(`the test task ${task.id} did not import: ${imported.message}`);
  }, 900_000);
  afterAll(async () => {
    await api?.close();
    if (previousToolsDir === undefined) delete process.env.LHB_TOOLS_DIR;
    else process.env.LHB_TOOLS_DIR = previousToolsDir;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get api() {
      return api!;
    },
    get taskFolder() {
      return taskFolder;
    },
  };
}

/**
 * Runs the study's task once with `harness` (its default model) against the scripted model
 * playing `script`, and checks it succeeded: its id, its folder, and the tools (as JSON) its
 * harness listed in its first model request. `allowMcpEnv`: the variables the task's MCP servers may receive.
 */
export async function runScriptedTask(study: RealHarnessStudy, harness: HarnessId, taskId: string, script: ReplayScript, allowMcpEnv?: string[]): Promise<{ runId: string; folder: string; firstTools: string }> {
  const { api, dir } = study;
  const configurations = [{ harness, model: HARNESS_ADAPTERS[harness].defaultModel }];
  const { studyId } = await api.call('runs.start', { tasks: [taskId], taskFolders: { [taskId]: study.taskFolder }, configurations, timeoutSeconds: 180, replay: script, ...(allowMcpEnv ? { allowMcpEnv } : {}) });
  await api.context.jobs.idle();
  const { runs } = await api.call('runs.study', { studyId });
  const run = runs[0]!;
  if (run.status !== 'succeeded') throw new Error(`the ${harness} run ${run.status}: ${run.errorMessage ?? 'no message'}`);
  const folder = join(dir, 'ws', 'studies', studyId, 'runs', run.id);
  const requests = readFileSync(join(folder, 'model-requests.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { body: { tools?: unknown } });
  return { runId: run.id, folder, firstTools: JSON.stringify(requests[0]!.body.tools ?? []) };
}
