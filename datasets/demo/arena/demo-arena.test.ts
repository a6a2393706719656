import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureFrames } from '../../../core/runs/bundles/frame-capture.ts';
import { makeTempDir } from '../../../core/runs/bundles/bundle-files.fixture.ts';
import { frameCaptureFileName } from '../../../core/runs/bundles/frame-capture-file-name.ts';
import { readFigmaTask } from '../../../core/runs/bundles/read-figma-manifest.ts';
import { readOutputBundle, type OutputBundle } from '../../../core/runs/bundles/read-output-bundle.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const DEMO = join(repo, 'datasets/demo/arena');
const FIXTURES = join(repo, 'e2e/fixtures/arena');
/** Each root holds tasks/<name>/task.json and bundles/<name>/run.json. */
const ROOTS = [DEMO, join(FIXTURES, 'hostile'), join(FIXTURES, 'capture-faults')];

const TaskSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['figma', 'programmatic']),
  title: z.string().min(1),
  instruction: z.string().min(1),
  chapter: z.object({ data_room: z.string().min(1), title: z.string().min(1) }).optional(),
});
type Task = z.infer<typeof TaskSchema>;

const WorkspaceSchema = z.object({ dataRoom: z.object({ title: z.string(), chapters: z.array(z.object({ title: z.string() })) }) });

function subfolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name))
    .sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

interface LoadedTask {
  dir: string;
  task: Task;
  nodeIds?: string[];
}

function loadTasks(root: string): LoadedTask[] {
  return subfolders(join(root, 'tasks')).map((dir) => {
    const task = TaskSchema.parse(JSON.parse(readFileSync(join(dir, 'task.json'), 'utf8')));
    if (task.kind !== 'figma') return { dir, task };
    return { dir, task, nodeIds: readFigmaTask(dir).frames.map((frame) => frame.node_id) };
  });
}

function loadBundles(root: string, tasks: LoadedTask[]): { name: string; bundle: OutputBundle; task: LoadedTask | undefined }[] {
  return subfolders(join(root, 'bundles')).map((dir) => {
    const taskId = readOutputBundle(dir).run.task_id;
    const task = tasks.find((t) => t.task.id === taskId);
    const bundle = readOutputBundle(dir, task?.nodeIds ? { nodeIds: task.nodeIds } : {});
    return { name: relative(root, dir), bundle, task };
  });
}

describe.each(ROOTS.map((root) => [relative(repo, root), root]))('arena content in %s', (_shown, root) => {
  const tasks = loadTasks(root);
  const bundles = loadBundles(root, tasks);

  it('has tasks and bundles, and every bundle names a task that is there', () => {
    expect(tasks.length).toBeGreaterThan(0);
    expect(bundles.length).toBeGreaterThan(0);
    for (const { name, bundle, task } of bundles) {
      expect(task, `${name}: task_id ${bundle.run.task_id}`).toBeDefined();
    }
    expect(new Set(tasks.map((t) => t.task.id)).size).toBe(tasks.length);
  });

  it('never shows a harness or model name in a bundle folder name or anywhere in a dist/', () => {
    const secrets = [...new Set(bundles.flatMap(({ bundle }) => [bundle.run.harness, bundle.run.model]))].map((s) => s.toLowerCase());
    expect(secrets.length).toBeGreaterThan(0);
    for (const { name, bundle } of bundles) {
      for (const secret of secrets) expect(name.toLowerCase(), `folder ${name}`).not.toContain(secret);
      if (bundle.dist === undefined) continue;
      for (const file of filesUnder(bundle.dist)) {
        const text = readFileSync(file, 'latin1').toLowerCase();
        for (const secret of secrets) expect(text.includes(secret), `${relative(root, file)} contains "${secret}"`).toBe(false);
      }
    }
  });
});

describe('the demo arena', () => {
  const tasks = loadTasks(DEMO);
  const bundles = loadBundles(DEMO, tasks);

  it('has a pre-captured PNG for every frame of each Figma bundle, and a build for every bundle', () => {
    const figma = bundles.filter(({ task }) => task?.task.kind === 'figma');
    expect(figma.length).toBe(3);
    for (const { name, bundle, task } of figma) {
      expect(bundle.frames.map((f) => f.nodeId).sort(), name).toEqual([...(task?.nodeIds ?? [])].sort());
    }
    for (const { name, bundle } of bundles) expect(bundle.dist, name).toBeDefined();
  });

  it('builds its Figma bundles with a page per frame route', () => {
    const task = readFigmaTask(join(DEMO, 'tasks/figma-pricing'));
    for (const { name, bundle } of bundles.filter((b) => b.task?.task.kind === 'figma')) {
      for (const frame of task.frames) {
        const page = frame.target_route === '/' ? 'index.html' : join(frame.target_route.slice(1), 'index.html');
        expect(existsSync(join(bundle.dist ?? '', page)), `${name} ${frame.target_route}`).toBe(true);
      }
    }
  });

  it('points its programmatic task at a chapter of the demo data room', () => {
    const workspace = WorkspaceSchema.parse(JSON.parse(readFileSync(join(repo, 'datasets/demo/workspace.json'), 'utf8')));
    const programmatic = tasks.filter((t) => t.task.kind === 'programmatic');
    expect(programmatic.length).toBe(1);
    for (const { task } of programmatic) {
      expect(task.chapter?.data_room).toBe(workspace.dataRoom.title);
      expect(workspace.dataRoom.chapters.map((c) => c.title)).toContain(task.chapter?.title);
    }
  });

  it('keeps its ground-truth and frame PNGs small', () => {
    const pngs = [...filesUnder(join(DEMO, 'tasks')), ...filesUnder(join(DEMO, 'bundles'))].filter((f) => f.endsWith('.png'));
    expect(pngs.length).toBe(12);
    for (const png of pngs) expect(statSync(png).size, relative(DEMO, png)).toBeLessThan(200 * 1024);
  });
});

describe('capturing the capture-faults fixture', () => {
  const temp = makeTempDir('arena-capture-faults');
  afterAll(() => temp.cleanup());

  it('captures frame 1, flags frame 2 as a broken route and frame 3 as a blank render', async () => {
    const root = join(FIXTURES, 'capture-faults');
    const task = readFigmaTask(join(root, 'tasks/figma-faults'));
    const bundle = readOutputBundle(join(root, 'bundles/faulty'));
    expect(bundle.frames).toEqual([]);
    const results = await captureFrames({
      distDir: bundle.dist ?? '',
      frames: task.frames.map((f) => ({ nodeId: f.node_id, targetRoute: f.target_route, ...(f.viewport ? { viewport: f.viewport } : {}) })),
      outDir: temp.dir,
      timeoutMs: 15_000,
    });
    const [home, gallery, about] = results;
    expect(home?.findings).toEqual([]);
    expect(home?.path).toBe(join(temp.dir, frameCaptureFileName('3:1')));
    expect(existsSync(home?.path ?? '')).toBe(true);
    expect(gallery?.findings.map((f) => f.kind)).toContain('broken-route');
    expect(about?.findings.map((f) => f.kind)).toContain('blank-render');
    expect(about?.findings.map((f) => f.kind)).not.toContain('broken-route');
  }, 60_000);
});
