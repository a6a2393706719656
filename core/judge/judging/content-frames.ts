import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { listRunFiles, type RunFileRow, type RunRow } from '../../store/run-repository.ts';
import type { JudgeContentPart } from '../providers/judge-provider.ts';
import type { MaterialStore } from './load-judging-material.ts';

const run = promisify(execFile);

/** Images shown per run at the content tier. */
export const MAX_CONTENT_FRAMES = 8;

export interface ContentFrameSources {
  /** ffmpeg to sample videos with; default `ffmpeg` on PATH; null leaves videos out. */
  ffmpegPath?: string | null;
  /** Chromium to screenshot a presentation's build with; default resolveChromiumPath(); null leaves builds out. */
  chromiumPath?: string | null;
  maxFrames?: number;
}

type Frames = { ok: true; parts: JudgeContentPart[]; notes: string[] } | { ok: false; reason: string };

const text = (value: string): JudgeContentPart => ({ type: 'text', text: value });
const png = (data: Buffer): JudgeContentPart => ({ type: 'image', mediaType: 'image/png', data });

const FRAME_FILE = /^frames\/.+\.png$/i;
const VIDEO_FILE = /^video\.(mp4|webm|mov|mkv)$/i;

/** Whether a run's files hold anything the content tier shows: captured frames, a video or a build. */
export function hasContentToShow(files: readonly { path: string }[]): boolean {
  return files.some((file) => FRAME_FILE.test(file.path) || VIDEO_FILE.test(file.path) || file.path === 'dist/index.html');
}

/**
 * Frames of what a run produced for a learner, in this order of preference: its captured frames,
 * frames sampled evenly from its video (ffmpeg), or screenshots of its build's slides (the first
 * page, then ArrowRight until nothing changes). A video that cannot be sampled (no ffmpeg) is
 * named in the reason, never skipped silently.
 */
export async function contentFrames(store: MaterialStore, runRow: RunRow, sources: ContentFrameSources, turnFiles?: readonly RunFileRow[]): Promise<Frames> {
  const max = sources.maxFrames ?? MAX_CONTENT_FRAMES;
  // A multi-turn run's earlier turn is shown as its out/ snapshot left it; otherwise the run's stored files.
  const files = turnFiles ?? listRunFiles(store.db, runRow.id);
  const captured = files.filter((file) => FRAME_FILE.test(file.path) && store.blobs.has(file.sha256));
  if (captured.length > 0) {
    const shown = captured.slice(0, max);
    return {
      ok: true,
      parts: shown.flatMap((file, i) => [text(`### Frame ${i + 1} of ${shown.length} (${file.path})`), png(store.blobs.read(file.sha256))]),
      notes: captured.length > shown.length ? [`Only ${shown.length} of ${captured.length} captured frames are shown.`] : [],
    };
  }
  const notes: string[] = [];
  const video = files.find((file) => VIDEO_FILE.test(file.path) && store.blobs.has(file.sha256));
  if (video) {
    if (sources.ffmpegPath === null) notes.push('The run has a video, but video sampling is turned off, so it is not shown.');
    else {
      const sampled = await sampleVideoFrames(store.blobs.pathFor(video.sha256), max, sources.ffmpegPath ?? 'ffmpeg');
      if (sampled.ok) return { ok: true, parts: sampled.frames.flatMap((frame) => [text(`### Video frame at ${frame.seconds.toFixed(1)} s of ${sampled.duration.toFixed(1)} s`), png(frame.data)]), notes };
      notes.push(sampled.reason);
    }
  }
  const dist = files.filter((file) => file.path.startsWith('dist/') && store.blobs.has(file.sha256));
  if (dist.some((file) => file.path === 'dist/index.html') && sources.chromiumPath !== null) {
    const shots = await screenshotSlides(store, dist, max, sources.chromiumPath);
    if (shots.ok) return { ok: true, parts: shots.images.flatMap((image, i) => [text(`### Slide ${i + 1} of ${shots.images.length} (the build's first page, then the arrow key)`), png(image)]), notes };
    notes.push(shots.reason);
  }
  return { ok: false, reason: notes.length > 0 ? notes.join(' ') : 'it has no captured frames, video or build to show' };
}

/** Frames at evenly spaced times of a video (the middle of each of `count` equal parts), as PNGs at most 1280 wide. */
export async function sampleVideoFrames(file: string, count: number, ffmpeg = 'ffmpeg'): Promise<{ ok: true; duration: number; frames: { seconds: number; data: Buffer }[] } | { ok: false; reason: string }> {
  const ffprobe = ffmpeg === 'ffmpeg' ? 'ffprobe' : join(dirname(ffmpeg), 'ffprobe');
  let duration: number;
  try {
    const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file], { timeout: 60_000 });
    duration = Number(stdout.trim());
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, reason: missing ? `The run's video was not judged: ${ffprobe} is not installed (apt-get install -y ffmpeg), so its frames could not be sampled.` : `The run's video could not be read by ffprobe: ${(error as Error).message.split('\n')[0]}` };
  }
  if (!Number.isFinite(duration) || duration <= 0) return { ok: false, reason: 'The run\'s video has no duration ffprobe can read, so no frames were sampled.' };
  const dir = mkdtempSync(join(tmpdir(), 'lhb-video-frames-'));
  try {
    const frames: { seconds: number; data: Buffer }[] = [];
    for (let i = 0; i < count; i++) {
      const seconds = (duration * (i + 0.5)) / count;
      const out = join(dir, `${i}.png`);
      await run(ffmpeg, ['-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-y', out], { timeout: 60_000 });
      frames.push({ seconds, data: readFileSync(out) });
    }
    return { ok: true, duration, frames };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, reason: missing ? `The run's video was not judged: ${ffmpeg} is not installed (apt-get install -y ffmpeg).` : `Sampling the run's video failed: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Screenshots of a presentation build: its first page at 1280×720, then after each ArrowRight until the page stops changing. Offline. */
async function screenshotSlides(store: MaterialStore, dist: { path: string; sha256: string }[], max: number, chromiumPath: string | undefined): Promise<{ ok: true; images: Buffer[] } | { ok: false; reason: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-judge-build-'));
  const [{ chromium }, { serveStaticBuild }, { CHROMIUM_ARGS, CHROMIUM_LAUNCH_TIMEOUT_MS, resolveChromiumPath }] = await Promise.all([
    import('playwright-core'),
    import('../../runs/bundles/serve-static-build.ts'),
    import('../../runs/bundles/chromium-path.ts'),
  ]);
  let server: Awaited<ReturnType<typeof serveStaticBuild>> | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    for (const file of dist) {
      const target = join(dir, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, store.blobs.read(file.sha256));
    }
    server = await serveStaticBuild(join(dir, 'dist'));
    browser = await chromium.launch({ executablePath: chromiumPath ?? resolveChromiumPath(), args: [...CHROMIUM_ARGS], timeout: CHROMIUM_LAUNCH_TIMEOUT_MS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const origin = server.origin;
    await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 30_000 });
    const images: Buffer[] = [await page.screenshot()];
    while (images.length < max) {
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(250);
      const next = await page.screenshot();
      if (next.equals(images.at(-1)!)) break;
      images.push(next);
    }
    return { ok: true, images };
  } catch (error) {
    return { ok: false, reason: `Screenshots of the run's build could not be taken: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
