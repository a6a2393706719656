import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { recordBlob } from '../../store/blob-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { insertRun } from '../../store/run-repository.ts';
import { insertRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { upsertTask } from '../../store/task-repository.ts';
import type { JudgeContentPart } from '../providers/judge-provider.ts';
import { judgingWorkspace, type JudgingWorkspace } from './judging-workspace.fixture.ts';
import { loadJudgingMaterial } from './load-judging-material.ts';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
const STAMP = '2026-01-01T00:00:00.000Z';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function setUp(): JudgingWorkspace {
  const ws = judgingWorkspace({ runs: 1, frames: 2 });
  cleanups.push(() => ws.close());
  return ws;
}

function blob(ws: JudgingWorkspace, bytes: Buffer): { sha256: string; size: number } {
  const { sha256, sizeBytes } = ws.workspace.blobs.put(bytes);
  recordBlob(ws.workspace.db, sha256, sizeBytes, STAMP);
  return { sha256, size: sizeBytes };
}

/** A programmatic task's run with these files (path → bytes). */
function contentRun(ws: JudgingWorkspace, id: string, files: Record<string, Buffer>): string {
  const { db } = ws.workspace;
  upsertTask(db, { id: 'content-task', project_id: findCurrentProject(db)!.id, kind: 'programmatic', title: 'Explain the weekly trend', instruction: 'Make slides.', chapter_id: null, figma_file_key: null, created_at: STAMP, updated_at: STAMP }, []);
  const rows = Object.entries(files).map(([path, bytes]) => {
    const { sha256, size } = blob(ws, bytes);
    return { run_id: id, path, sha256, size_bytes: size };
  });
  insertRun(db, { id, task_id: 'content-task', harness: 'claude-code', model: 'm', versions_json: '{}', config_id: 'cfg-c', status: 'succeeded', started_at: STAMP, finished_at: STAMP, digest: `d-${id}`, source_dir: `/b/${id}`, imported_at: STAMP }, rows, []);
  return id;
}

const texts = (parts: JudgeContentPart[]) => parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
const images = (parts: JudgeContentPart[]) => parts.filter((part) => part.type === 'image');

describe('loadJudgingMaterial', () => {
  it('output tier: each ground-truth frame beside the run\'s capture, a missing capture said in words', async () => {
    const ws = setUp();
    const { db } = ws.workspace;
    db.prepare("DELETE FROM run_files WHERE run_id = ? AND path = 'frames/1-3.png'").run(ws.runIds[0]);
    const material = await loadJudgingMaterial(ws.workspace, ws.runIds[0]!, 'output');
    expect(material.ok).toBe(true);
    if (!material.ok) return;
    const { evidence, instruction, context } = material.material;
    expect(instruction).toBe('Build the frames.');
    expect(context).not.toContain('claude-code'); // the judge is never told who made the run
    expect(images(evidence)).toHaveLength(3);
    expect(texts(evidence).join('\n')).toMatch(/Frame 2 of 2: "Frame 1" \(route \/page-1 at 960×640\)\nGround truth[\s\S]*none — this frame was not captured/);
  });

  it('process tier: an imported run\'s trajectory, condensed, and the note that its skill is unknown; a run without one is left out', async () => {
    const ws = setUp();
    const trajectory: Trajectory = {
      format: 'lhb-trajectory/1', harness: 'claude-code', harnessVersion: null, model: null, sessionId: null,
      steps: [{ index: 0, source: 'agent', text: 'Reading the design.', toolCalls: [{ id: 'c0', name: 'Read', arguments: { file_path: 'design.json' }, result: 'ok', ok: true, failure: null, exitCode: null, durationMs: null }], timestamp: null, tokens: null }],
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: null, outcome: 'completed', warnings: [],
    };
    const stored = blob(ws, Buffer.from(JSON.stringify(trajectory)));
    insertRunTrajectory(ws.workspace.db, {
      run_id: ws.runIds[0]!, trajectory_sha256: stored.sha256, source_sha256: stored.sha256, source_format: 'atif', source_path: 'trajectory.json', harness_version: null,
      steps: 1, tool_calls: 1, failed_tool_calls: 0, tokens_input: 10, tokens_output: 5, cost_usd: null, duration_ms: null, errors_json: '[]', imported_at: STAMP,
    });
    const material = await loadJudgingMaterial(ws.workspace, ws.runIds[0]!, 'process');
    expect(material.ok).toBe(true);
    if (material.ok) {
      expect(texts(material.material.evidence).join('\n')).toMatch(/Phase 1: inspecting\n {2}\[step 1\] read\(\{"path":"design.json"\}\) → ok/);
      expect(material.material.notes.join(' ')).toContain('skill it was given is not known');
    }
    expect(await loadJudgingMaterial(ws.workspace, 'run-without-frames', 'process')).toEqual({ ok: false, reason: expect.stringContaining('no trajectory') });
  });

  it.skipIf(!hasFfmpeg)('content tier: frames sampled evenly from the run\'s video with ffmpeg; without ffmpeg the run is left out saying why', async () => {
    const ws = setUp();
    const dir = mkdtempSync(join(tmpdir(), 'lhb-video-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const video = join(dir, 'video.mp4');
    const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=10', '-pix_fmt', 'yuv420p', '-y', video]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const runId = contentRun(ws, 'video-run', { 'video.mp4': readFileSync(video) });
    const material = await loadJudgingMaterial(ws.workspace, runId, 'content', { maxFrames: 4 });
    expect(material.ok).toBe(true);
    if (!material.ok) return;
    expect(images(material.material.evidence)).toHaveLength(4);
    expect(texts(material.material.evidence)).toEqual(['### Video frame at 0.5 s of 4.0 s', '### Video frame at 1.5 s of 4.0 s', '### Video frame at 2.5 s of 4.0 s', '### Video frame at 3.5 s of 4.0 s']);
    const frames = images(material.material.evidence).map((part) => (part.type === 'image' ? part.data.toString('base64') : ''));
    expect(new Set(frames).size).toBe(4); // testsrc moves: four different frames

    const without = await loadJudgingMaterial(ws.workspace, runId, 'content', { ffmpegPath: join(dir, 'no-such', 'ffmpeg'), chromiumPath: null });
    expect(without.ok).toBe(false);
    if (!without.ok) expect(without.reason).toMatch(/video was not judged: .*ffprobe is not installed \(apt-get install -y ffmpeg\)/);
  }, 60_000);

  it('content tier: screenshots of a presentation build, the first page then ArrowRight until it stops changing', async () => {
    const ws = setUp();
    const html = `<!doctype html><html><body style="margin:0"><div id="s" style="font:80px sans-serif;padding:40px">Slide 1</div><script>
      let n = 1; const colours = ['#fff', '#fdd', '#dfd'];
      addEventListener('keydown', (e) => { if (e.key === 'ArrowRight' && n < 3) { n++; document.getElementById('s').textContent = 'Slide ' + n; document.body.style.background = colours[n - 1]; } });
    </script></body></html>`;
    const runId = contentRun(ws, 'slides-run', { 'dist/index.html': Buffer.from(html) });
    const material = await loadJudgingMaterial(ws.workspace, runId, 'content');
    expect(material.ok, material.ok ? '' : material.reason).toBe(true);
    if (!material.ok) return;
    expect(images(material.material.evidence)).toHaveLength(3);
    expect(texts(material.material.evidence)[2]).toContain('Slide 3 of 3');
  }, 60_000);
});
