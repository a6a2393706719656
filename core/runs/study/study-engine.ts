import { LhbError } from '../../../schemas/lhb-error.ts';
import type { StudyRequest, StudyRunView, StudySpec, StudySummary } from '../../../schemas/studies.ts';
import { didNotSucceed } from '../../../schemas/studies.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { judgeJobOwner } from '../../jobs/job-owner-liveness.ts';
import { thisProcess } from '../../jobs/process-identity.ts';
import { findJob, findJobOwner } from '../../store/job-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { countRunReferences, findStudy, findStudyRun, findStudyRunByRunId, listStudies, resetStudyRunForRetry, requestStudyCancel, requestStudyRunCancel, setStudyState, type StudyRow, type StudyRunRow } from '../../store/study-repository.ts';
import { countSupersededAttempts, findSupersededRun, supersedeStudyRunAttempt } from '../../store/superseded-run-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { createStudy } from './create-study.ts';
import { assertSameSpec, runStudy, StudyResumeError, unchangedStoredSpec } from './run-study.ts';
import { listStudyRunViews, studyRunView, studySummary } from './study-views.ts';
import { resolveStudyRequest, storedStudySpec } from './resolve-study-spec.ts';

/** What a retry of one run started: the job, the attempt it runs, and the earlier attempt it kept (with its votes and judgments), if any. */
export interface RetryStarted {
  jobId: string;
  studyRunId: string;
  studyId: string;
  /** The attempt now running, from 1 (earlier attempts kept count; replaced ones do not). */
  attempt: number;
  earlier: { runId: string; attempt: number; judgments: number; votes: number } | null;
}

/** A run a retry left as it was, and why. */
export interface KeptRun {
  id: string;
  reason: string;
}

export interface StudyEngineOptions {
  toolsDir: string;
  resolveChapter?: (dataRoom: string, chapter: string) => { id: string; instruction: string } | undefined;
  onRunChange?: (runId: string) => void;
}

/**
 * The run engine of one open workspace: starts, resumes and cancels studies as jobs of this
 * process. Restarting a study by its name resumes it when its configuration is the same, and is
 * refused, naming what changed, when it is not.
 */
export class StudyEngine {
  readonly #workspace: Workspace;
  readonly #jobs: JobRunner;
  readonly #options: StudyEngineOptions;
  readonly #runControllers = new Map<string, AbortController>();
  /** Studies running in this process, by id → job id. */
  readonly #active = new Map<string, string>();

  constructor(workspace: Workspace, jobs: JobRunner, options: StudyEngineOptions) {
    this.#workspace = workspace;
    this.#jobs = jobs;
    this.#options = options;
  }

  async start(request: StudyRequest): Promise<{ studyId: string; jobId: string; resumed: boolean }> {
    const prepared = await this.prepare(request);
    const jobId = prepared.resumed ? this.resume(prepared.studyId).jobId : this.#launch(prepared.studyId, prepared.name);
    return { studyId: prepared.studyId, jobId, resumed: prepared.resumed };
  }

  /**
   * Records a study without running it (a detached run starts it in its own process): a new
   * one, or the earlier study of the same name when its configuration is the same.
   */
  async prepare(request: StudyRequest): Promise<{ studyId: string; name: string; resumed: boolean }> {
    // A Slurm study fills what it leaves out from the workspace's remembered cluster settings, and remembers its own.
    const spec = resolveStudyRequest(this.#workspace.db, request);
    if (spec.name) {
      const project = findCurrentProject(this.#workspace.db);
      const existing = project ? listStudies(this.#workspace.db, project.id).find((study) => study.name === spec.name) : undefined;
      if (existing) {
        assertSameSpec(this.#workspace, existing.id, spec);
        return { studyId: existing.id, name: existing.name, resumed: true };
      }
    }
    const study = await createStudy(this.#workspace, spec, this.#options.toolsDir);
    return { studyId: study.id, name: study.name, resumed: false };
  }

  /**
   * Runs what is left of a study: its unfinished runs (waiting, cut off, cancelled). With
   * `retryFailed`, its runs that did not succeed (failed, timed out, no output) run again too
   * (`retryFailed` below says which are kept as they are).
   */
  resume(studyId: string, options: { retryFailed?: boolean } = {}): { jobId: string; retried: string[]; kept: KeptRun[] } {
    const study = this.#resumable(studyId);
    const { retried, kept } = options.retryFailed ? this.#resetFailedRuns(study.id) : { retried: [], kept: [] };
    const activeJob = this.#active.get(study.id);
    return { jobId: activeJob ?? this.#launch(study.id, study.name), retried, kept };
  }

  /**
   * Runs a study's runs that did not succeed again, each in its place: failed (whatever the kind,
   * auth and quota failures included, which the engine never retries on its own), timed out, and
   * succeeded with nothing in out/. A run votes or judgments already name is kept as it is, and
   * said so (its own retry runs it again as a new attempt). Refused when there is nothing to retry.
   */
  retryFailed(studyId: string): { jobId: string; retried: string[]; kept: KeptRun[] } {
    const study = this.#resumable(studyId);
    const candidates = listStudyRunViews(this.#workspace.db, study.id).filter(didNotSucceed);
    if (candidates.length === 0) throw new StudyResumeError(`Study "${study.name}" has no failed, timed-out or no-output run to retry.`);
    return this.resume(study.id, { retryFailed: true });
  }

  /** The study, when this process may run it: it exists, its spec still holds, and no other process runs it. */
  #resumable(studyId: string): StudyRow {
    const study = findStudy(this.#workspace.db, studyId);
    if (!study) throw new LhbError('not_found', `No study ${studyId} in this workspace. \`lhb runs status\` lists the studies.`);
    if (study.executor === 'imported') {
      throw new StudyResumeError(`Study "${study.name}" was imported with a dataset: its spec (tasks' folders, endpoints, key variables) stays where it ran, so its runs cannot run here. Run them again there, or start a new study here.`);
    }
    if (this.#active.has(studyId)) return study;
    const job = study.job_id ? findJob(this.#workspace.db, study.job_id) : undefined;
    if (job && (job.state === 'running' || job.state === 'queued')) {
      throw new StudyResumeError(`Study "${study.name}" is running in another process (job ${job.id}). Follow it there, or cancel it before resuming here.`);
    }
    unchangedStoredSpec(this.#workspace, studyId);
    return study;
  }

  /** Makes every run of the study that did not succeed pending again, but those votes or judgments name. */
  #resetFailedRuns(studyId: string): { retried: string[]; kept: KeptRun[] } {
    const db = this.#workspace.db;
    const retried: string[] = [];
    const kept: KeptRun[] = [];
    for (const run of listStudyRunViews(db, studyId).filter(didNotSucceed)) {
      const refusal = this.#discardRefusal(run.id, run.runId);
      if (refusal) kept.push({ id: run.id, reason: refusal });
      else {
        resetStudyRunForRetry(db, run.id, new Date().toISOString());
        retried.push(run.id);
      }
    }
    return { retried, kept };
  }

  /** Why a retry of every failed run leaves this one alone (votes or judgments name it: only its own retry keeps them with it), or undefined. */
  #discardRefusal(id: string, runId: string | null): string | undefined {
    if (!runId) return undefined;
    const refs = countRunReferences(this.#workspace.db, runId);
    if (refs.votes === 0 && refs.judgments === 0) return undefined;
    return (
      `Run ${id} already has ${refs.votes} vote${refs.votes === 1 ? '' : 's'} and ${refs.judgments} judgment${refs.judgments === 1 ? '' : 's'}, so it is kept as it is. ` +
      'Retry that run by itself to run it again as a new attempt: they stay with this one, and the figures count the new one.'
    );
  }

  /** Cancels a whole study, or one run of it (the rest of the study goes on). */
  cancel(target: { studyId?: string; runId?: string }): { cancelled: number } {
    if (target.runId) {
      const controller = this.#runControllers.get(target.runId);
      if (controller) {
        controller.abort();
        return { cancelled: 1 };
      }
      const run = findStudyRun(this.#workspace.db, target.runId);
      if (!run) throw new LhbError('not_found', `No run ${target.runId} of a study in this workspace.`);
      if (run.status !== 'running') return { cancelled: 0 };
      // Running in another process (the app, another lhb): it polls for this request.
      requestStudyRunCancel(this.#workspace.db, run.id, new Date().toISOString());
      return { cancelled: 1 };
    }
    const studyId = target.studyId!;
    const study = findStudy(this.#workspace.db, studyId);
    if (!study) throw new LhbError('not_found', `No study ${studyId} in this workspace.`);
    const jobId = this.#active.get(studyId);
    if (jobId) {
      this.#jobs.cancel(jobId);
      return { cancelled: 1 };
    }
    if (study.state !== 'running') return { cancelled: 0 };
    const job = study.job_id ? findJob(this.#workspace.db, study.job_id) : undefined;
    if (job && (job.state === 'running' || job.state === 'queued')) {
      // Running in another process: it polls for this request and stops within a second or two.
      requestStudyCancel(this.#workspace.db, studyId, new Date().toISOString());
      return { cancelled: 1 };
    }
    // Its process is gone: nothing runs it any more.
    setStudyState(this.#workspace.db, studyId, 'interrupted', study.job_id, new Date().toISOString());
    return { cancelled: 0 };
  }

  /**
   * Runs a finished run again in its place: a failed, timed-out or cancelled one, or one that left
   * nothing in out/, replacing that attempt. A run that votes or judgments already name (whatever
   * its status) gets a new attempt under a new run id in the same place instead: the earlier
   * attempt stays, with its votes, judgments and transcript, superseded, and analyses count the
   * new one only. A plainly succeeded run nobody judged or voted on is refused (a second sample
   * belongs in another repeat).
   */
  retry(runId: string): RetryStarted {
    const db = this.#workspace.db;
    const run = findStudyRun(db, runId) ?? findStudyRunByRunId(db, runId) ?? studyRunOfEarlierAttempt(db, runId);
    if (!run) throw new LhbError('not_found', `No run ${runId} of a study in this workspace. Only runs executed here can be retried; imported ones have nothing to re-run.`);
    if (run.status === 'running' || run.status === 'pending') throw new StudyResumeError(`Run ${run.id} is ${run.status === 'pending' ? 'waiting to run' : 'running'}; it can be retried once it has finished.`);
    const refs = run.run_id ? countRunReferences(db, run.run_id) : { votes: 0, judgments: 0 };
    const keepsEarlier = refs.votes > 0 || refs.judgments > 0;
    const view = studyRunView(run);
    if (run.status === 'succeeded' && !view.noOutput && !keepsEarlier) {
      throw new StudyResumeError(`Run ${run.id} succeeded; retrying it would replace a finished result. To sample its configuration again, start a new study (another name) with the repeats you need.`);
    }
    const study = this.#resumable(run.study_id);
    const now = new Date().toISOString();
    let earlier: RetryStarted['earlier'] = null;
    if (keepsEarlier) {
      const kept = supersedeStudyRunAttempt(db, run.id, now);
      earlier = { runId: kept.kept, attempt: kept.attempt, judgments: refs.judgments, votes: refs.votes };
    } else resetStudyRunForRetry(db, run.id, now);
    const attempt = countSupersededAttempts(db, run.id) + 1;
    const active = this.#active.get(run.study_id);
    // A running study picks it up before it finishes.
    return { jobId: active ?? this.#launch(study.id, study.name), studyRunId: run.id, studyId: run.study_id, attempt, earlier };
  }

  list(): StudySummary[] {
    const project = findCurrentProject(this.#workspace.db);
    return project ? listStudies(this.#workspace.db, project.id).map((study) => this.#summary(study)) : [];
  }

  /** A study with its runs and the spec it runs, resolved (what `lhb runs spec` prints back). */
  view(studyId: string): { study: StudySummary; spec: StudySpec; runs: StudyRunView[] } | undefined {
    const study = findStudy(this.#workspace.db, studyId);
    if (!study) return undefined;
    return { study: this.#summary(study), spec: storedStudySpec(study.spec_json), runs: listStudyRunViews(this.#workspace.db, studyId) };
  }

  /** A study as the screens list it, with the process running it; one whose process has gone is marked interrupted first. */
  #summary(row: StudyRow): StudySummary {
    const db = this.#workspace.db;
    let study = row;
    let runner: StudySummary['runner'] = null;
    if (study.state === 'running') {
      if (this.#active.has(study.id)) runner = { where: 'here', process: 'this app' };
      else {
        const job = study.job_id ? findJob(db, study.job_id) : undefined;
        const owner = job && (job.state === 'running' || job.state === 'queued') ? findJobOwner(db, job.id) : null;
        if (owner && judgeJobOwner(owner, new Date(), thisProcess()).alive) runner = { where: 'elsewhere', process: `pid ${owner.pid} on ${owner.host}` };
        else if (!db.readonly) {
          // Nothing runs it any more (its process was killed, or its job ended without saying so): Resume picks it up.
          setStudyState(db, study.id, 'interrupted', study.job_id, new Date().toISOString());
          study = findStudy(db, study.id) ?? study;
        }
      }
    }
    return { ...studySummary(db, study), runner };
  }

  #launch(studyId: string, name: string): string {
    let jobId = '';
    const job = this.#jobs.start('runs.study', `Study: ${name}`, async (progress) => {
      await Promise.resolve(); // the job's id is known once start() has returned
      try {
        return await runStudy(
          {
            workspace: this.#workspace,
            toolsDir: this.#options.toolsDir,
            runControllers: this.#runControllers,
            ...(this.#options.resolveChapter ? { resolveChapter: this.#options.resolveChapter } : {}),
            ...(this.#options.onRunChange ? { onRunChange: this.#options.onRunChange } : {}),
          },
          studyId,
          jobId,
          progress,
        );
      } finally {
        this.#active.delete(studyId);
      }
    });
    jobId = job.id;
    this.#active.set(studyId, jobId);
    return jobId;
  }
}

/** The study run an earlier attempt's run (kept by a retry) belongs to. */
function studyRunOfEarlierAttempt(db: Workspace['db'], runId: string): StudyRunRow | undefined {
  const earlier = findSupersededRun(db, runId);
  return earlier ? findStudyRun(db, earlier.study_run_id) : undefined;
}
