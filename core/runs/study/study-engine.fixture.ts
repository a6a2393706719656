import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { importBundles } from '../bundles/import-bundles.ts';

/** A programmatic task folder `folder` (task.json with `id`, and an `inputs/data.csv`), not imported. */
export function writeTestTaskFolder(folder: string, id: string): string {
  mkdirSync(join(folder, 'inputs'), { recursive: true });
  writeFileSync(join(folder, 'task.json'), JSON.stringify({ id, kind: 'programmatic', title: 'Explain the trend', instruction: 'Build one page that explains the trend in data.csv.' }));
  writeFileSync(join(folder, 'inputs', 'data.csv'), 'year,value\n2024,1\n2025,2\n');
  return folder;
}

/** A programmatic task folder with an `inputs/` file, imported into the workspace. */
export async function importTestTask(workspace: Workspace, root: string, id = 'engine-task'): Promise<string> {
  const folder = writeTestTaskFolder(join(root, id), id);
  const result = await importBundles(workspace, [folder], { captureMissingFrames: false });
  if (result.outcomes[0]?.status !== 'imported') throw new Error(`test task did not import: ${result.message}`);
  return folder;
}

/** A skill folder `demo-skill` with a base SKILL.md and a `versions/v2/SKILL.md`. */
export function writeTestSkill(root: string): string {
  const dir = join(root, 'demo-skill');
  mkdirSync(join(dir, 'versions', 'v2'), { recursive: true });
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), '---\nname: demo-skill\ndescription: Builds one static page for a chapter.\n---\n\nBASE SKILL TEXT: write out/dist/index.html.\n');
  writeFileSync(join(dir, 'versions', 'v2', 'SKILL.md'), '---\nname: demo-skill\ndescription: Builds one static page for a chapter, v2.\n---\n\nV2 SKILL TEXT: write out/dist/index.html with a chart.\n');
  writeFileSync(join(dir, 'scripts', 'check.sh'), 'echo checked\n');
  return dir;
}
