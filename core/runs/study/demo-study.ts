import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReplayScriptSchema, type ReplayScript } from '../../../schemas/replay-script.ts';
import type { StudySpecInput } from '../../../schemas/studies.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { demoDatasetDir } from '../../app-paths.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { importTaskFolder } from '../bundles/import-task-folder.ts';
import { harnessAdapter, installableHarnesses } from '../harnesses/harness-registry.ts';
import { findHarnessBinary } from '../harnesses/harness-tools.ts';
import { StudySpecError } from './study-spec-error.ts';

/**
 * The demo study (`lhb runs start --demo`, the New study form's "Try it with the scripted model"):
 * every installed harness on the demo's tasks, against the scripted model server, with the demo
 * skill's v2, so the engine can be tried without any API key. The tasks: the arena's Figma task
 * (seeded with the workspace), and two task folders of `runs/tasks/` imported when the demo starts
 * (so the seeded arena, analysis and study stay as they are): a Figma task whose design comes
 * from an MCP server in its folder, and a programmatic task with two revision requests.
 */
export const DEMO_TASK = 'demo-figma-pricing';
export const DEMO_SKILL_DIR = join(demoDatasetDir, 'runs', 'skills', 'static-page-builder');
export const DEMO_SCRIPT_FILE = join(demoDatasetDir, 'runs', 'demo-script.json');
export const DEMO_SKILL_VERSIONS: readonly string[] = ['v2'];

/** The demo's task folders, each played by its own script (`runs/scripts/<task id>.json`). */
export const DEMO_TASK_FOLDERS: Readonly<Record<string, string>> = {
  'demo-design-tokens-mcp': join(demoDatasetDir, 'runs', 'tasks', 'design-tokens-mcp'),
  'demo-grpo-revisions': join(demoDatasetDir, 'runs', 'tasks', 'grpo-revisions'),
};

/** The demo's tasks: the seeded Figma task, then the task folders'. */
export const DEMO_TASKS: readonly string[] = [DEMO_TASK, ...Object.keys(DEMO_TASK_FOLDERS)];

/** The scripts of the demo's task folders' tasks, by task id (the others play DEMO_SCRIPT_FILE). */
export function readDemoTaskScripts(): Record<string, ReplayScript> {
  return Object.fromEntries(Object.keys(DEMO_TASK_FOLDERS).map((id) => [id, readScriptFile(join(demoDatasetDir, 'runs', 'scripts', `${id}.json`))]));
}

/** The harnesses with a CLI to run (tools folder or PATH), in the registry's order. */
export function installedHarnessIds(toolsDir: string): HarnessId[] {
  return installableHarnesses()
    .filter((adapter) => {
      try {
        findHarnessBinary(adapter, toolsDir);
        return true;
      } catch {
        return false;
      }
    })
    .map((adapter) => adapter.id);
}

/** Why the demo has nothing to run, and what to install. */
export function noDemoHarnessMessage(): string {
  const [first, ...others] = installableHarnesses();
  return `No harness CLI is installed, so the demo has nothing to run. Install one, e.g.: lhb harnesses install ${first!.id} (or ${others.map((adapter) => adapter.id).join(', ')}).`;
}

function readScriptFile(file: string): ReplayScript {
  return ReplayScriptSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function readDemoScript(): ReplayScript {
  return readScriptFile(DEMO_SCRIPT_FILE);
}

/** The demo study's spec as `runs.start` takes it (its task folders imported first: importDemoTaskFolders); refused, saying what to install, when no harness is installed. */
export function demoStudySpec(toolsDir: string): StudySpecInput {
  const harnesses = installedHarnessIds(toolsDir);
  if (harnesses.length === 0) throw new StudySpecError(noDemoHarnessMessage());
  return {
    tasks: [...DEMO_TASKS],
    taskFolders: { ...DEMO_TASK_FOLDERS },
    configurations: harnesses.map((harness) => ({ harness, model: harnessAdapter(harness).defaultModel })),
    skill: { dir: DEMO_SKILL_DIR, versions: [...DEMO_SKILL_VERSIONS] },
    replay: readDemoScript(),
    replayByTask: readDemoTaskScripts(),
  };
}

/** Imports (or, unchanged, leaves) the demo's task folders, so the demo study can name their tasks. */
export async function importDemoTaskFolders(workspace: Workspace): Promise<void> {
  for (const folder of Object.values(DEMO_TASK_FOLDERS)) await importTaskFolder(workspace, folder);
}
