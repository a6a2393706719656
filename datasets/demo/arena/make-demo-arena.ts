// Generates the preference-arena demo: two tasks and five synthetic output bundles (made here,
// not by real agents). Run: npx tsx datasets/demo/arena/make-demo-arena.ts
//
// It rewrites tasks/ and bundles/ from the source in this folder (pricing-site-*.ts,
// trend-presentations.ts), then renders the ground-truth PNGs from the design HTML and
// pre-captures each Figma bundle's frames with core/runs' captureFrames in Debian Chromium, so
// the app's first start needs no browser. Re-running gives the same files (PNG bytes may differ
// with the Chromium version).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureFrames, type FrameToCapture } from '../../../core/runs/bundles/frame-capture.ts';
import { frameCaptureFileName } from '../../../core/runs/bundles/frame-capture-file-name.ts';
import type { FigmaManifest, RunManifest } from '../../../schemas/bundles.ts';
import { CLOSE_LOOK, DESIGN_LOOK, FLAWED_LOOK, WEAK_LOOK, type SiteLook } from './pricing-site-look.ts';
import { renderSite } from './pricing-site-pages.ts';
import { strongTrendDeck, weakTrendDeck } from './trend-presentations.ts';

const ROOT = dirname(fileURLToPath(import.meta.url));
const VIEWPORT = { width: 960, height: 640 };

const FIGMA_TASK = {
  id: 'demo-figma-pricing',
  kind: 'figma',
  title: 'Quillmoss marketing pages from the Figma file',
  instruction:
    'Build the three frames of the Quillmoss design as a static site: the landing hero at /, the pricing table at /pricing and the sign-up form at /signup. Match layout, colours and type at 960×640; use system fonts and no external requests.',
} as const;

const MANIFEST: FigmaManifest = {
  figma_file_key: 'qMoss7DemoKp2',
  total_frames: 3,
  frames: [
    { name: 'Landing hero', node_id: '1:2', gt_image: 'landing-hero.png', target_route: '/', viewport: VIEWPORT },
    { name: 'Pricing table', node_id: '1:3', gt_image: 'pricing-table.png', target_route: '/pricing', viewport: VIEWPORT },
    { name: 'Sign-up form', node_id: '1:4', gt_image: 'sign-up-form.png', target_route: '/signup', viewport: VIEWPORT },
  ],
};

const TREND_TASK = {
  id: 'demo-chapter-trend',
  kind: 'programmatic',
  title: 'Explain the weekly trend chapter as a short presentation',
  instruction:
    'Write a short HTML presentation (a few slides, arrow keys to move, no external requests) that explains the chapter: what the twelve-week order trend must show, how the partial week is marked, and what a judge should check.',
  chapter: { data_room: 'Operations dashboard data room', title: 'Weekly trend with a marked partial week' },
} as const;

interface DemoBundle {
  /** Opaque on purpose: the arena must not learn a configuration from a folder name. */
  folder: string;
  run: RunManifest;
  /** Relative path → contents of dist/. */
  dist: Record<string, string>;
  /** Whether frames/ is pre-captured (Figma bundles only). */
  capture: boolean;
}

/** A run.json: the harness by its id with its version beside it, and the skill as what the runs vary. */
function run(taskId: string, harness: string, harnessVersion: string, model: string, versions: Record<string, string>, startedAt: string, minutes: number): RunManifest {
  const finished = new Date(Date.parse(startedAt) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
  return { task_id: taskId, harness, harness_version: harnessVersion, model, versions, started_at: startedAt, finished_at: finished, status: 'succeeded' };
}

function figmaBundle(folder: string, look: SiteLook, runManifest: RunManifest): DemoBundle {
  return { folder, run: runManifest, dist: renderSite(look), capture: true };
}

const BUNDLES: DemoBundle[] = [
  // Visible layout and colour mistakes.
  figmaBundle('bundle-01', FLAWED_LOOK, run(FIGMA_TASK.id, 'codex', '0.46.0', 'gpt-5-codex', { skill: 'v1' }, '2025-10-06T09:12:00Z', 38)),
  // Close to the design.
  figmaBundle('bundle-02', CLOSE_LOOK, run(FIGMA_TASK.id, 'claude-code', '2.0.14', 'claude-sonnet-4-5', { skill: 'v2' }, '2025-10-06T09:15:30Z', 44)),
  // Weak: a tier missing, sign-up unstyled.
  figmaBundle('bundle-03', WEAK_LOOK, run(FIGMA_TASK.id, 'gemini-cli', '0.9.0', 'gemini-2.5-pro', { skill: 'v1' }, '2025-10-06T09:20:10Z', 27)),
  // The stronger presentation.
  {
    folder: 'bundle-04',
    run: run(TREND_TASK.id, 'claude-code', '2.0.14', 'claude-sonnet-4-5', { skill: 'v2' }, '2025-10-07T14:02:00Z', 19),
    dist: { 'index.html': strongTrendDeck() },
    capture: false,
  },
  // The weaker presentation.
  {
    folder: 'bundle-05',
    run: run(TREND_TASK.id, 'codex', '0.46.0', 'gpt-5-codex', { skill: 'v1' }, '2025-10-07T14:05:40Z', 12),
    dist: { 'index.html': weakTrendDeck() },
    capture: false,
  },
];

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function framesToCapture(): FrameToCapture[] {
  return MANIFEST.frames.map((f) => ({ nodeId: f.node_id, targetRoute: f.target_route, ...(f.viewport ? { viewport: f.viewport } : {}) }));
}

/** Captures `distDir`'s frames into `outDir`; throws when `strict` and any frame has a finding. */
async function capture(label: string, distDir: string, outDir: string, strict: boolean): Promise<void> {
  const results = await captureFrames({ distDir, frames: framesToCapture(), outDir });
  for (const result of results) {
    const findings = result.findings.map((f) => `${f.kind}: ${f.detail}`).join('; ');
    process.stdout.write(`  ${label} ${result.nodeId}: ${result.path ? 'captured' : 'NO PNG'}${findings ? ` (${findings})` : ''}\n`);
    if (strict && (result.findings.length > 0 || !result.path)) {
      throw new Error(`${label} frame ${result.nodeId} did not capture cleanly (${findings || 'no PNG'}); nothing after it was written. Fix the page and run again.`);
    }
  }
}

async function main(): Promise<void> {
  const figmaDir = join(ROOT, 'tasks', 'figma-pricing');
  const trendDir = join(ROOT, 'tasks', 'chapter-trend');
  rmSync(join(ROOT, 'tasks'), { recursive: true, force: true });
  rmSync(join(ROOT, 'bundles'), { recursive: true, force: true });

  writeFiles(figmaDir, { 'task.json': json(FIGMA_TASK), 'ground_truth/manifest.json': json(MANIFEST) });
  writeFiles(join(figmaDir, 'design'), renderSite(DESIGN_LOOK));
  writeFiles(trendDir, { 'task.json': json(TREND_TASK) });
  for (const bundle of BUNDLES) {
    writeFiles(join(ROOT, 'bundles', bundle.folder), { 'run.json': json(bundle.run) });
    writeFiles(join(ROOT, 'bundles', bundle.folder, 'dist'), bundle.dist);
  }

  process.stdout.write('Rendering ground truth from the design…\n');
  const scratch = mkdtempSync(join(tmpdir(), 'lhb-demo-arena-'));
  try {
    await capture('design', join(figmaDir, 'design'), scratch, true);
    for (const frame of MANIFEST.frames) {
      copyFileSync(join(scratch, frameCaptureFileName(frame.node_id)), join(figmaDir, 'ground_truth', frame.gt_image));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  process.stdout.write('Capturing bundle frames…\n');
  for (const bundle of BUNDLES.filter((b) => b.capture)) {
    const dir = join(ROOT, 'bundles', bundle.folder);
    await capture(bundle.folder, join(dir, 'dist'), join(dir, 'frames'), false);
  }
  process.stdout.write(`Wrote ${ROOT}/tasks and ${ROOT}/bundles.\n`);
}

await main();
