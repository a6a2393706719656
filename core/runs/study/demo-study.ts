import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReplayScriptSchema, type ReplayScript } from '../../../schemas/replay-script.ts';
import type { StudySpecInput } from '../../../schemas/studies.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { demoDatasetDir } from '../../app-paths.ts';
import { harnessAdapter, installableHarnesses } from '../harnesses/harness-registry.ts';
import { findHarnessBinary } from '../harnesses/harness-tools.ts';
import { StudySpecError } from './study-spec-error.ts';

/**
 * The demo study (`lhb runs start --demo`, the New study form's "Try it with the scripted model"):
 * every installed harness on the demo's Figma task, against the scripted model server, with the
 * demo skill's v2, so the engine can be tried without any API key.
 */
export const DEMO_TASK = 'demo-figma-pricing';
export const DEMO_SKILL_DIR = join(demoDatasetDir, 'runs', 'skills', 'static-page-builder');
export const DEMO_SCRIPT_FILE = join(demoDatasetDir, 'runs', 'demo-script.json');
export const DEMO_SKILL_VERSIONS: readonly string[] = ['v2'];

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

export function readDemoScript(): ReplayScript {
  return ReplayScriptSchema.parse(JSON.parse(readFileSync(DEMO_SCRIPT_FILE, 'utf8')));
}

/** The demo study's spec as `runs.start` takes it; refused, saying what to install, when no harness is installed. */
export function demoStudySpec(toolsDir: string): StudySpecInput {
  const harnesses = installedHarnessIds(toolsDir);
  if (harnesses.length === 0) throw new StudySpecError(noDemoHarnessMessage());
  return {
    tasks: [DEMO_TASK],
    configurations: harnesses.map((harness) => ({ harness, model: harnessAdapter(harness).defaultModel })),
    skill: { dir: DEMO_SKILL_DIR, versions: [...DEMO_SKILL_VERSIONS] },
    replay: readDemoScript(),
  };
}
