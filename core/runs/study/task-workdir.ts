import { copyFileSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskFrameRow, TaskRow } from '../../store/task-repository.ts';
import { frameCaptureFileName } from '../bundles/frame-capture-file-name.ts';

export interface TaskForRun {
  task: TaskRow;
  frames: readonly TaskFrameRow[];
  /** The task's folder on this machine, when it was given as one: its `inputs/` is copied in. */
  folder?: string;
  /** Where a ground-truth frame's PNG is (the blob store's file). */
  framePath(sha256: string): string;
}

/**
 * Lays out what the agent is given: the task folder's `inputs/` (as is), the Figma task's
 * ground-truth frames as `design/<node>.png`, a `TASK.md` that says all of it in words, and an
 * empty `out/` for its results.
 */
export function prepareTaskWorkdir(input: TaskForRun, workdir: string): void {
  mkdirSync(join(workdir, 'out'), { recursive: true });
  const inputs = input.folder ? join(input.folder, 'inputs') : undefined;
  if (inputs && existsSync(inputs)) cpSync(inputs, workdir, { recursive: true, verbatimSymlinks: true });
  if (input.frames.length > 0) {
    mkdirSync(join(workdir, 'design'), { recursive: true });
    for (const frame of input.frames) copyFileSync(input.framePath(frame.gt_sha256), join(workdir, 'design', frameCaptureFileName(frame.node_id)));
  }
  writeFileSync(join(workdir, 'TASK.md'), taskText(input));
}

function taskText(input: TaskForRun): string {
  const { task, frames } = input;
  const lines = [`# ${task.title}`, ''];
  if (task.instruction.trim()) lines.push(task.instruction.trim(), '');
  if (frames.length > 0) {
    lines.push('## Design frames', '', 'Each frame is a 2x PNG export of the design; build the page that shows it at its route.', '');
    for (const frame of frames) {
      const size = frame.viewport_width && frame.viewport_height ? ` (viewport ${frame.viewport_width}x${frame.viewport_height})` : '';
      lines.push(`- ${frame.name}: design/${frameCaptureFileName(frame.node_id)} → route ${frame.target_route}${size}`);
    }
    lines.push('');
  }
  lines.push('## Deliverable', '', OUTPUT_CONTRACT, '');
  return lines.join('\n');
}

const OUTPUT_CONTRACT =
  'Put the finished result in out/: a static build in out/dist/ with an index.html that works when served as plain files, ' +
  'and optionally screenshots in out/frames/ or a video as out/video.mp4 or out/video.webm.';

/** The prompt each harness is given: the task, where its files are, and the skill to use. */
export function buildRunPrompt(input: TaskForRun, skill: { name: string; file: string } | undefined): string {
  const parts = [`Task: ${input.task.title}.`];
  if (input.task.instruction.trim()) parts.push(input.task.instruction.trim());
  parts.push('TASK.md in the current folder describes the task and its files.');
  if (input.frames.length > 0) parts.push('The design frames are PNGs in design/.');
  if (skill) parts.push(`Use the "${skill.name}" skill: read ${skill.file} first and follow it.`);
  parts.push(OUTPUT_CONTRACT);
  return parts.join('\n\n');
}
