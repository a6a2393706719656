import { existsSync, readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { JudgeTier } from '../../../schemas/judge.ts';
import { NO_SKILL } from '../../../schemas/studies.ts';
import { frameFileKey } from '../../runs/bundles/read-output-bundle.ts';
import { readSkill } from '../../runs/skills/read-skill.ts';
import type { BlobStore } from '../../store/blob-store.ts';
import { findChapter } from '../../store/chapter-repository.ts';
import { findDataRoom } from '../../store/data-room-repository.ts';
import { findRun, listRunFiles, listRunFindings, type RunFileRow, type RunRow } from '../../store/run-repository.ts';
import { findRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { findStudy, findStudyRunByRunId } from '../../store/study-repository.ts';
import { findTask, listTaskFrames, type TaskRow } from '../../store/task-repository.ts';
import type { JudgeContentPart } from '../providers/judge-provider.ts';
import type { JudgingMaterial } from './build-prompt.ts';
import { capSkillText, condenseTrajectory } from './condense-trajectory.ts';
import { blindfoldFor, type Blindfold } from './blind-text.ts';
import { contentFrames, hasContentToShow, type ContentFrameSources } from './content-frames.ts';
import { runIdentity } from './run-identity.ts';
import { storedTrajectoryOf, type RunTurn } from '../../runs/trajectory/run-turn.ts';
import { turnSegment } from './turn-segment.ts';

/** Frames shown per run at the output tier (each beside its ground truth: twice as many images). */
export const MAX_OUTPUT_FRAMES = 8;

export type MaterialResult = { ok: true; material: JudgingMaterial; task: TaskRow } | { ok: false; reason: string };

export interface MaterialStore {
  db: Database;
  blobs: BlobStore;
  /** The workspace folder: its paths (and those of its studies) are never shown to a judge. */
  dir: string;
}

const png = (data: Buffer): JudgeContentPart => ({ type: 'image', mediaType: 'image/png', data });
const text = (value: string): JudgeContentPart => ({ type: 'text', text: value });

/** What the task asks and where it comes from; never the run's id, harness or model. */
function taskContext(store: MaterialStore, task: TaskRow, run: RunRow): string {
  const lines = [`Task: ${task.title} (${task.kind === 'figma' ? 'build a design from a Figma file' : 'produce teaching content for a chapter'})`, `The run finished ${run.status}.`];
  const chapter = task.chapter_id ? findChapter(store.db, task.chapter_id) : undefined;
  if (chapter) {
    const dataRoom = findDataRoom(store.db, chapter.data_room_id);
    // The judge reads a data room as "Course" (the words these prompts were first sent with):
    // the prompt's text is part of the judge cache key, so new words would re-ask every judgment.
    if (dataRoom) lines.push(`Course: ${dataRoom.title}${dataRoom.global_notes.trim() ? `\nCourse notes: ${dataRoom.global_notes.trim().slice(0, 4000)}` : ''}`);
    lines.push(`Chapter: ${chapter.title}`);
    if (chapter.instruction.trim()) lines.push(`Chapter instruction: ${chapter.instruction.trim().slice(0, 4000)}`);
    if (chapter.design_notes.trim()) lines.push(`Chapter notes from the annotator: ${chapter.design_notes.trim().slice(0, 4000)}`);
  }
  return lines.join('\n');
}

/** Where a run's trajectory is stored: on its study run when executed here, in run_trajectories when imported (ATIF). */
function trajectorySource(store: MaterialStore, run: RunRow) {
  const studyRun = findStudyRunByRunId(store.db, run.id);
  const imported = findRunTrajectory(store.db, run.id);
  const source = studyRun?.trajectory_sha256 ? { sha256: studyRun.trajectory_sha256, errors: studyRun.errors_json } : imported ? { sha256: imported.trajectory_sha256, errors: imported.errors_json } : undefined;
  return { studyRun, source: source && store.blobs.has(source.sha256) ? source : undefined };
}

const capturedFramePaths = <T extends { path: string }>(files: readonly T[]): T[] => files.filter((file) => file.path.startsWith('frames/') && file.path.toLowerCase().endsWith('.png'));

/**
 * Why a run does not have what a tier shows, read from the store without loading anything, or
 * null when it has: so a judging job knows its true size before its first request. (Material can
 * still fail to load later, e.g. a video that ffmpeg cannot read; loadJudgingMaterial says so.)
 */
export function missingEvidence(store: MaterialStore, run: RunRow, task: TaskRow, tier: JudgeTier, turn: RunTurn | null = null): string | null {
  if (tier === 'process') return trajectorySource(store, run).source ? null : 'it has no trajectory (runs executed here, or imported with an ATIF trajectory, carry one)';
  const files = (turn?.files ?? listRunFiles(store.db, run.id)).filter((file) => store.blobs.has(file.sha256));
  if (tier === 'output') {
    if (task.kind !== 'figma' || listTaskFrames(store.db, task.id).length === 0) return 'its task has no ground-truth frames (the output tier compares Figma frames)';
    return capturedFramePaths(files).length > 0 ? null : 'it has no captured frames';
  }
  return hasContentToShow(files) ? null : 'it has no captured frames, video or build to show';
}

/**
 * What a judge is shown of one run at one tier, read from the store, or why the run does not
 * have what the tier needs (so it is skipped, and said so):
 * - process: the trajectory of a run executed here, condensed, and the skill text when its folder is still there;
 * - output: a Figma task's ground-truth frames, each beside the run's captured frame (a missing capture is said, never hidden);
 * - content: frames of the presentation (captured frames, screenshots of its build) or of its video (sampled with ffmpeg).
 * Every text is blind (blind-text.ts): no id of the run, its study or configuration, no harness
 * or model name, no folder of this machine; paths are relative to the run's work folder.
 * `turn` (core/runs/trajectory/run-turn.ts) is the turn of a multi-turn run judged: its files, its segment of the
 * trajectory, and for a revision turn the request it answered beside the task's instruction.
 */
export async function loadJudgingMaterial(store: MaterialStore, runId: string, tier: JudgeTier, sources: ContentFrameSources = {}, turn: RunTurn | null = null): Promise<MaterialResult> {
  const run = findRun(store.db, runId);
  if (!run) return { ok: false, reason: `run ${runId} is not in this workspace` };
  const task = findTask(store.db, run.task_id);
  if (!task) return { ok: false, reason: `run ${runId}'s task ${run.task_id} is missing` };
  const missing = missingEvidence(store, run, task, tier, turn);
  if (missing !== null) return { ok: false, reason: missing };
  const base = { tier, context: taskContext(store, task, run), instruction: turn && turn.index > 1 ? revisionInstruction(task.instruction, turn) : task.instruction };
  let result: MaterialResult;
  let blind = blindfoldFor(runIdentity(store, run));
  if (tier === 'process') {
    const read = processMaterial(store, run, task, base, turn);
    blind = read.blind;
    result = read.result;
  } else if (tier === 'output') result = outputMaterial(store, run, task, base, turn?.files ?? listRunFiles(store.db, run.id));
  else {
    const frames = await contentFrames(store, run, sources, turn?.files);
    result = frames.ok ? { ok: true, task, material: { ...base, evidence: frames.parts, notes: frames.notes } } : frames;
  }
  if (!result.ok) return result;
  const { material } = result;
  return {
    ok: true,
    task,
    material: {
      ...material,
      context: blind(material.context),
      instruction: blind(material.instruction),
      evidence: material.evidence.map((part) => (part.type === 'text' ? text(blind(part.text)) : part)),
      notes: material.notes.map(blind),
    },
  };
}

/**
 * A revision turn's instruction: the task's, then the request this turn answered. Without the
 * request a judge would score the revision against the first turn's brief alone.
 */
function revisionInstruction(instruction: string, turn: RunTurn): string {
  return `${instruction.trim()}\n\nThis is turn ${turn.index} of ${turn.of}: after the turns before it, in the same session and work folder, the agent was sent this revision request, which the evidence below answers:\n${turn.prompt.trim()}`;
}

function processMaterial(store: MaterialStore, run: RunRow, task: TaskRow, base: Pick<JudgingMaterial, 'tier' | 'context' | 'instruction'>, turn: RunTurn | null): { result: MaterialResult; blind: Blindfold } {
  const { studyRun } = trajectorySource(store, run);
  const stored = storedTrajectoryOf(store, run.id)!;
  const blind = blindfoldFor(runIdentity(store, run, [stored.trajectory.model]));
  const { trajectory, errors } = turn ? turnSegment(stored.trajectory, stored.errors, turn) : stored;
  const notes: string[] = turn ? [`Only turn ${turn.index} of ${turn.of} is shown: its own steps (numbered as in the whole run) and tokens.`] : [];
  const evidence: JudgeContentPart[] = [text(`### The agent's trajectory, condensed\n${condenseTrajectory(trajectory, errors, { blind })}`)];
  const skill = studyRun ? skillTextOf(store, studyRun.study_id, (JSON.parse(studyRun.versions_json) as { skill?: string }).skill) : { text: null, note: 'The run was imported, so the skill it was given is not known here.' };
  if (skill.text !== null) evidence.push(text(`### The skill the agent was given\n${capSkillText(blind(skill.text))}`));
  else notes.push(skill.note);
  return { result: { ok: true, task, material: { ...base, evidence, notes } }, blind };
}

/** The SKILL.md of the run's own arm (`arm` is its versions.skill; a study stored before arms had one, its spec's `version`). */
function skillTextOf(store: MaterialStore, studyId: string, arm: string | undefined): { text: string; note: string } | { text: null; note: string } {
  const study = findStudy(store.db, studyId);
  const spec = study ? (JSON.parse(study.spec_json) as { skill?: { dir: string; version?: string } }) : undefined;
  if (!spec?.skill || arm === NO_SKILL) return { text: null, note: 'The run had no skill (an ablation), so none is shown.' };
  if (!existsSync(spec.skill.dir)) return { text: null, note: "The skill's folder is no longer on this machine, so its text is not shown." };
  try {
    return { text: readFileSync(readSkill(spec.skill.dir, arm ?? spec.skill.version).skillFile, 'utf8'), note: '' };
  } catch (error) {
    return { text: null, note: `The skill could not be read (${(error as Error).message}), so its text is not shown.` };
  }
}

function outputMaterial(store: MaterialStore, run: RunRow, task: TaskRow, base: Pick<JudgingMaterial, 'tier' | 'context' | 'instruction'>, files: readonly RunFileRow[]): MaterialResult {
  const frames = listTaskFrames(store.db, task.id);
  const captured = new Map(capturedFramePaths(files).map((file) => [frameFileKey(file.path.slice('frames/'.length)), file]));
  const findings = listRunFindings(store.db, run.id);
  const evidence: JudgeContentPart[] = [];
  const notes: string[] = [];
  const shown = frames.slice(0, MAX_OUTPUT_FRAMES);
  if (frames.length > shown.length) notes.push(`Only the first ${shown.length} of the task's ${frames.length} frames are shown.`);
  for (const [i, frame] of shown.entries()) {
    const viewport = frame.viewport_width && frame.viewport_height ? ` at ${frame.viewport_width}×${frame.viewport_height}` : '';
    evidence.push(text(`### Frame ${i + 1} of ${shown.length}: "${frame.name}" (route ${frame.target_route}${viewport})\nGround truth (the design):`));
    evidence.push(png(store.blobs.read(frame.gt_sha256)));
    const file = captured.get(frameFileKey(frame.node_id));
    const problems = findings.filter((finding) => finding.node_id === frame.node_id).map((finding) => `${finding.kind}: ${finding.detail}`);
    if (file && store.blobs.has(file.sha256)) {
      evidence.push(text(`Captured from the agent's build${problems.length > 0 ? ` (capture findings: ${problems.join('; ')})` : ''}:`));
      evidence.push(png(store.blobs.read(file.sha256)));
    } else {
      evidence.push(text(`Captured from the agent's build: none — this frame was not captured${problems.length > 0 ? ` (${problems.join('; ')})` : ''}. Judge it as missing.`));
    }
  }
  return { ok: true, task, material: { ...base, evidence, notes } };
}
