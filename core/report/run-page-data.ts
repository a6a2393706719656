import { NO_SKILL } from '../../schemas/studies.ts';
import type { JudgmentView } from '../../schemas/judge.ts';
import type { RunDetail } from '../../schemas/studies.ts';
import type { Trajectory, TrajectoryError } from '../../schemas/trajectory.ts';
import { listJudgmentViews } from '../judge/judging/judgment-views.ts';
import { listRunFrameAssets } from '../runs/bundles/run-assets.ts';
import { readSkill } from '../runs/skills/read-skill.ts';
import { runDetail } from '../runs/study/study-views.ts';
import { readStoredRun } from '../runs/trajectory/stored-trajectory.ts';
import { findRunFile } from '../store/run-repository.ts';
import { findStudy } from '../store/study-repository.ts';
import { findTask } from '../store/task-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';

/** The skill version a run was given, by name, version and digest (its folder's path stays on this machine). */
export interface RunSkill {
  version: string;
  name: string | null;
  /** SHA-256 over the installed SKILL.md and the skill's files, as a study checks it on resume; null when the folder can no longer be read. */
  digest: string | null;
  /** Why the digest is missing, when it is. */
  problem: string | null;
}

/** One frame of a run, as the run's page shows it: its blob, and the file name it gets in the report. */
export interface RunFrame {
  name: string;
  route: string | null;
  sha256: string;
  fileName: string;
}

/** Everything a run's page shows, read from the store as the Runs screen reads it. */
export interface RunPageData {
  id: string;
  configuration: string;
  task: { id: string; title: string; instruction: string } | null;
  studyName: string | null;
  detail: RunDetail;
  skill: RunSkill | null;
  trajectory: Trajectory | null;
  errors: TrajectoryError[];
  judgments: JudgmentView[];
  frames: RunFrame[];
}

/** A run's page data, or undefined when the workspace has no such run. */
export function loadRunPageData(workspace: Workspace, runId: string, configuration: string): RunPageData | undefined {
  const { db } = workspace;
  const detail = runDetail(workspace, runId);
  if (!detail) return undefined;
  const stored = readStoredRun(workspace, runId);
  const task = findTask(db, detail.task);
  const study = detail.studyId ? findStudy(db, detail.studyId) : undefined;
  const frames = listRunFrameAssets(db, runId, detail.task).flatMap((frame, i): RunFrame[] => {
    const file = findRunFile(db, runId, frame.path);
    return file ? [{ name: frame.name, route: frame.route, sha256: file.sha256, fileName: `${String(i + 1).padStart(2, '0')}.png` }] : [];
  });
  return {
    id: runId,
    configuration,
    task: task ? { id: task.id, title: task.title, instruction: task.instruction } : null,
    studyName: study?.name ?? null,
    detail,
    skill: runSkill(detail, study?.spec_json),
    trajectory: stored?.trajectory ?? null,
    errors: stored?.errors ?? [],
    judgments: listJudgmentViews(db, runId),
    frames,
  };
}

/** The skill version the run ran (its `skill` version), with the digest of that version as its study's folder holds it now. */
function runSkill(detail: RunDetail, specJson: string | undefined): RunSkill | null {
  const version = detail.versions.skill;
  if (version === undefined) return null;
  if (version === NO_SKILL) return { version, name: null, digest: null, problem: 'Run without SKILL.md (the ablation’s arm without a skill).' };
  let dir: string | undefined;
  try {
    const skill = specJson ? (JSON.parse(specJson) as { skill?: { dir?: unknown } }).skill : undefined;
    dir = typeof skill?.dir === 'string' ? skill.dir : undefined;
  } catch {
    dir = undefined;
  }
  if (dir === undefined) return { version, name: null, digest: null, problem: 'Imported with this version’s name only: no study of this workspace holds its skill folder.' };
  try {
    const read = readSkill(dir, version);
    return { version, name: read.name, digest: read.digest, problem: null };
  } catch {
    // Its words name the folder, a path of this machine that the report does not carry.
    return { version, name: null, digest: null, problem: 'Its skill folder can no longer be read on this machine, so its digest is not known.' };
  }
}
