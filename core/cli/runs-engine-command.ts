import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { didNotSucceed, NO_OUTPUT_KIND, type SandboxNetwork, type StudyRequestInput, type StudyRunView } from '../../schemas/studies.ts';
import type { RpcOutput } from '../../schemas/rpc.ts';
import type { Api } from '../api/create-api.ts';
import { packageRoot } from '../app-paths.ts';
import { harnessToolsDir } from '../runs/harnesses/harness-tools.ts';
import { DEMO_SCRIPT_FILE, DEMO_SKILL_DIR, DEMO_SKILL_VERSIONS, DEMO_TASK_FOLDERS, DEMO_TASKS, installedHarnessIds, noDemoHarnessMessage, readDemoTaskScripts } from '../runs/study/demo-study.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';
import { followJob } from './follow-job.ts';
import { describeRun, finalStatus, followStudy, listedAsItEnded, type FollowedStudy } from './follow-study.ts';
import { stdoutIsStderr } from './stdout-is-stderr.ts';
import { errorLine, usageByModelLines } from './runs-error-line.ts';
import { tokensLine } from '../../schemas/tokens-line.ts';
import { durationText } from '../../schemas/run-duration.ts';
import { withCliApi } from './open-cli-api.ts';
import { costLine, totalLine } from '../../schemas/cost-line.ts';
import { studyCostLines } from './study-cost-lines.ts';
import type { StudyCost } from '../../schemas/model-prices.ts';
import { FlagError, readReplayScript, studySpecFromFlags, taskArguments, type RunsStartFlags } from './study-spec-from-flags.ts';
import { readStudyFile } from './read-study-file.ts';
import { stringify as stringifyYaml } from 'yaml';

export interface RunsStartOptions extends RunsStartFlags {
  /** A study file (YAML or JSON): the whole study, instead of the flags that describe one. */
  spec?: string;
  json?: boolean;
  detach?: boolean;
  demo?: boolean;
  workspace?: string;
  /** false for --no-sandbox (commander's default for a --no- flag is true). */
  sandbox?: boolean;
  /** --network host|none|endpoint-only: the network of every run (a study file's own `network` otherwise). */
  network?: string;
  /** --memory-mb, --max-processes, --disk-mb: each run's limits, over a study file's own. */
  memoryMb?: number;
  maxProcesses?: number;
  diskMb?: number;
}

function printFinal(studyId: string, followed: FollowedStudy, json: boolean | undefined): void {
  const { runs } = followed;
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ studyId, runs: runs.map((run) => ({ id: run.id, status: finalStatus(run), ...(run.runId ? { runId: run.runId } : {}), ...(run.errorKind ? { errorKind: run.errorKind } : {}), ...(run.noOutput ? { noOutput: true } : {}) })) })}\n`,
    );
  } else {
    // Where stdout and stderr land together, a run stderr listed as it ended is not listed again.
    const together = stdoutIsStderr();
    const unlisted = together ? runs.filter((run) => !listedAsItEnded(followed, run)) : runs;
    const above = runs.length - unlisted.length;
    const heading = above === 0 ? `Study ${studyId}` : `Study ${studyId}: ${above === 1 ? 'its run is' : `${above} of its runs are`} listed above as ${above === 1 ? 'it' : 'they'} ended`;
    process.stdout.write(`${heading}\n${unlisted.map((run) => `  ${describeRun(run)}\n`).join('')}`);
    const toRetry = runs.filter(didNotSucceed).length;
    // The one command that runs them again (auth failures included, once the key is fixed).
    if (toRetry > 0) process.stderr.write(`${toRetry} run${toRetry === 1 ? '' : 's'} did not succeed. Once the cause is fixed (a key, a quota, the task), run ${toRetry === 1 ? 'it' : 'them'} again with: lhb runs retry ${studyId} --failed\n`);
  }
  if (runs.some((run) => finalStatus(run) !== 'succeeded' || run.noOutput)) process.exitCode = 1;
}

/** `--demo`: the demo study (core/runs/study/demo-study.ts), with any flag given taking the place of its part. */
function demoFlags(options: RunsStartOptions, workspaceDir: string): RunsStartFlags {
  const harness = options.harness && options.harness.length > 0 ? options.harness : installedHarnessIds(harnessToolsDir(workspaceDir));
  if (harness.length === 0) throw new FlagError(noDemoHarnessMessage());
  return {
    ...options,
    // The demo's folder tasks by folder: imported, and run with their folder's MCP servers and turns.
    task: (options.task && options.task.length > 0 ? options.task : DEMO_TASKS).map((task) => DEMO_TASK_FOLDERS[task] ?? task),
    harness,
    skill: options.skill === false ? false : (options.skill ?? DEMO_SKILL_DIR),
    ...(options.skill === undefined && !options.skillVersion?.length ? { skillVersion: [...DEMO_SKILL_VERSIONS] } : {}),
    script: options.script ?? DEMO_SCRIPT_FILE,
  };
}

/**
 * `lhb runs start`: checks the study (tasks, skill, harnesses), runs it and follows it to its
 * end (or, with --detach, hands it to a background process and returns its id).
 */
export async function runRunsStart(options: RunsStartOptions): Promise<void> {
  const workspaceDir = resolveWorkspaceDir(options.workspace);
  const { spec: fromOptions, toImport } = options.spec ? studyFromFile(options) : studyFromFlags(options, workspaceDir);
  // A Slurm study's settings left out here are filled at the study room's door, which remembers them (core/runs/study/slurm-settings.ts).
  const spec = withSandboxFlags(fromOptions, options);
  if (spec.sandbox === false) warnUnsandboxed(options.sandbox === false ? '--no-sandbox' : `sandbox: false in ${options.spec}`);
  await withCliApi(options.workspace, async (api) => {
    if (toImport.length > 0) await importTaskFolders(api, toImport);
    if (options.detach) {
      const prepared = await api.call('runs.prepare', spec);
      const log = join(workspaceDir, 'studies', prepared.studyId, 'engine.log');
      mkdirSync(join(workspaceDir, 'studies', prepared.studyId), { recursive: true });
      const out = openSync(log, 'a');
      const child = spawn(process.execPath, [join(packageRoot, 'bin', 'lhb.mjs'), 'runs', 'resume', prepared.studyId, '--workspace', workspaceDir], {
        detached: true,
        stdio: ['ignore', out, out],
      });
      child.unref();
      if (options.json) process.stdout.write(`${JSON.stringify({ studyId: prepared.studyId, detached: true, pid: child.pid, log })}\n`);
      else process.stdout.write(`Study ${prepared.studyId} runs in the background (pid ${child.pid}, log ${log}). Follow it with: lhb runs status ${prepared.studyId}\n`);
      return;
    }
    const { studyId, jobId, resumed } = await api.call('runs.start', spec);
    if (!options.json) process.stderr.write(`${resumed ? 'Resuming' : 'Started'} study ${studyId}. Ctrl+C cancels it; lhb runs resume ${studyId} picks it up again.\n`);
    const followed = await followStudy(api, studyId, jobId, { json: options.json });
    printFinal(studyId, followed, options.json);
  });
}

/**
 * Said on stderr before a study runs without bubblewrap, whatever asked for it (a flag, a study
 * file, a study resumed or retried): nothing else on the terminal would show it.
 */
function warnUnsandboxed(why: string): void {
  process.stderr.write(
    `Warning: this study runs WITHOUT the sandbox (${why}). Every agent runs as an ordinary process of yours, its permission prompts bypassed: a hostile or prompt-injected agent can read and change anything you can (your home, SSH keys, this workspace's database, other runs). Each run records that it ran unsandboxed.\n`,
  );
}

/** A study whose spec says `sandbox: false` is warned about before it resumes or retries, as at its start. */
async function warnIfStudyUnsandboxed(api: Api, studyId: string): Promise<void> {
  const { spec } = await api.call('runs.study', { studyId });
  if (spec.sandbox === false) warnUnsandboxed('its study file or start said so');
}

/** --no-sandbox, --network and the limits go with a study file too: they say where it runs, as --executor's settings do. */
function withSandboxFlags(spec: StudyRequestInput, options: RunsStartOptions): StudyRequestInput {
  if (options.network !== undefined && !['host', 'none', 'endpoint-only'].includes(options.network)) {
    throw new FlagError(`--network ${options.network}: choose host (the machine's network, the default), none (loopback only; the scripted model server is still reached) or endpoint-only (only the model endpoint and the task's HTTP MCP servers, through a proxy).`);
  }
  const limits = {
    ...spec.limits,
    ...(options.memoryMb !== undefined ? { memoryMb: options.memoryMb } : {}),
    ...(options.maxProcesses !== undefined ? { processes: options.maxProcesses } : {}),
    ...(options.diskMb !== undefined ? { diskMb: options.diskMb } : {}),
  };
  return { ...spec, ...(options.sandbox === false ? { sandbox: false } : {}), ...(options.network ? { network: options.network as SandboxNetwork } : {}), ...(Object.keys(limits).length > 0 ? { limits } : {}) };
}

/** The flags that describe a study, and --spec, are two ways to say one: given together, the flags would be silently ignored. */
const STUDY_FLAGS: readonly (keyof RunsStartFlags | 'demo')[] = ['task', 'harness', 'model', 'endpoint', 'apiKeyEnv', 'skill', 'skillVersion', 'repeats', 'concurrency', 'timeout', 'command', 'name', 'script', 'executor', 'slurmPartition', 'slurmAccount', 'slurmSsh', 'slurmOpt', 'sharedDir', 'allowMcpEnv', 'demo'];

function studyFromFile(options: RunsStartOptions): { spec: StudyRequestInput; toImport: string[] } {
  const extra = STUDY_FLAGS.filter((flag) => options[flag] !== undefined);
  if (extra.length > 0) {
    const names = extra.map((flag) => `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    throw new FlagError(`--spec ${options.spec} describes the whole study; ${names.join(', ')} would be ignored. Put ${extra.length === 1 ? 'it' : 'them'} in the file instead.`);
  }
  return readStudyFile(options.spec!);
}

function studyFromFlags(options: RunsStartOptions, workspaceDir: string): { spec: StudyRequestInput; toImport: string[] } {
  const flags = options.demo ? demoFlags(options, workspaceDir) : options;
  if (flags.script) readReplayScript(flags.script); // a bad script is refused before anything else
  const tasks = taskArguments(flags.task ?? []);
  const spec = studySpecFromFlags(flags, tasks);
  // The demo's folder tasks play their own scripts, unless --script gives one for every task.
  if (options.demo && options.script === undefined) {
    const scripts = Object.entries(readDemoTaskScripts()).filter(([id]) => tasks.ids.includes(id));
    if (scripts.length > 0) return { spec: { ...spec, replayByTask: Object.fromEntries(scripts) }, toImport: tasks.toImport };
  }
  return { spec, toImport: tasks.toImport };
}

async function importTaskFolders(api: Api, folders: string[]): Promise<void> {
  const { jobId } = await api.call('runs.importPaths', { paths: folders });
  const job = await followJob(api.context.jobs, jobId);
  if (job?.state !== 'succeeded' || (job.failed ?? 0) > 0) throw new FlagError(`Importing the task folders failed: ${job?.message ?? 'the import job vanished'}`);
}

/**
 * `lhb runs resume STUDY [--retry-failed]`: runs what is left of a study in this process and
 * follows it; with --retry-failed its runs that did not succeed run again too.
 */
export async function runRunsResume(studyId: string, options: { json?: boolean; workspace?: string; retryFailed?: boolean }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    await warnIfStudyUnsandboxed(api, studyId);
    const started = await api.call('runs.resume', { studyId, ...(options.retryFailed ? { retryFailed: true } : {}) });
    const named = await api.call('runs.identify', { id: studyId });
    const fullId = named.kind === 'study' ? named.studyId : studyId;
    if (options.retryFailed && !options.json) tellRetried(fullId, started.retried ?? [], started.kept ?? []);
    const followed = await followStudy(api, fullId, started.jobId, { json: options.json });
    printFinal(fullId, followed, options.json);
  });
}

/**
 * `lhb runs retry RUN|STUDY [--failed]`: one run again in its place (as the Runs screen's Retry
 * run does), or with --failed every run of a study that did not succeed; then follows the study
 * as resume does. A study without --failed is refused, naming both commands it could mean.
 */
export async function runRunsRetry(id: string, options: { failed?: boolean; json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const named = await api.call('runs.identify', { id });
    if (named.kind === 'study') {
      const { studyId } = named;
      if (!options.failed) {
        throw new FlagError(
          `${id} is a study. To run its failed, timed-out and no-output runs again: lhb runs retry ${id} --failed. To run only what is left of it (waiting and cancelled runs): lhb runs resume ${id}. To retry one run, give its id (lhb runs status ${id} lists them).`,
        );
      }
      await warnIfStudyUnsandboxed(api, studyId);
      const started = await api.call('runs.retryFailed', { studyId });
      if (!options.json) tellRetried(studyId, started.retried, started.kept);
      const followed = await followStudy(api, studyId, started.jobId, { json: options.json });
      printFinal(studyId, followed, options.json);
      return;
    }
    if (options.failed) throw new FlagError(`--failed retries a study's runs; ${id} is not a study of this workspace (lhb runs status lists them). To retry the run ${id}, leave --failed out.`);
    const run = named.kind === 'run' ? named : undefined;
    if (run) await warnIfStudyUnsandboxed(api, run.studyId);
    // An id that names no run is refused by runs.retry itself ("No run …").
    const started = await api.call('runs.retry', { runId: run?.runId ?? id });
    if (!options.json) process.stderr.write(retryAnnouncement(started));
    const followed = await followStudy(api, started.studyId, started.jobId, { json: options.json });
    printFinal(started.studyId, followed, options.json);
  });
}

/** What `lhb runs retry RUN` says it started: the run, and the earlier attempt it kept with its judgments and votes. */
function retryAnnouncement(started: RpcOutput<'runs.retry'>): string {
  const { studyRunId, studyId, attempt, earlier } = started;
  const follow = `Ctrl+C cancels the study; lhb runs resume ${studyId} picks it up again.`;
  if (!earlier) return `Retrying run ${studyRunId} of study ${studyId}. ${follow}\n`;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    `Retrying run ${studyRunId} of study ${studyId} as attempt ${attempt}. ` +
    `Attempt ${earlier.attempt} (run ${earlier.runId}) is kept with its ${plural(earlier.judgments, 'judgment')} and ${plural(earlier.votes, 'vote')}; ` +
    `from now on the figures count attempt ${attempt} only (lhb runs list --all-attempts shows both). ${follow}\n`
  );
}

function tellRetried(studyId: string, retried: readonly string[], kept: readonly { id: string; reason: string }[]): void {
  if (retried.length > 0) {
    process.stderr.write(`Retrying ${retried.length} run${retried.length === 1 ? '' : 's'} that did not succeed: ${retried.map((id) => id.slice(0, 8)).join(', ')}. Ctrl+C cancels the study; lhb runs resume ${studyId} picks it up again.\n`);
  }
  for (const run of kept) process.stderr.write(`Kept: ${run.reason}\n`);
}

/** `lhb runs status [STUDY]`: every study with its counts, or one study's runs live. */
export async function runRunsStatus(studyId: string | undefined, options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      if (!studyId) {
        const { studies } = await api.call('runs.studies', {});
        const costs = new Map<string, StudyCost>();
        for (const study of studies) costs.set(study.id, await api.call('runs.cost', { studyId: study.id }));
        if (options.json) return void process.stdout.write(`${JSON.stringify(studies.map((study) => ({ ...study, cost: costs.get(study.id)?.total ?? null })), null, 2)}\n`);
        if (studies.length === 0) return void process.stdout.write('No studies yet. Start one with: lhb runs start --task DIR --harness NAME (or --demo)\n');
        process.stdout.write(`${'STUDY'.padEnd(36)}  ${'STATE'.padEnd(11)}  RUNS  NO OUTPUT  NAME\n`);
        for (const study of studies) {
          const counts = Object.entries(study.counts).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`).join(', ');
          const cost = costs.get(study.id);
          process.stdout.write(`${study.id}  ${study.state.padEnd(11)}  ${String(study.total).padStart(4)}  ${String(study.noOutput ?? 0).padStart(9)}  ${study.name}  (${counts || 'none'})${cost ? `  cost ${totalLine(cost.total, 'item')}` : ''}\n`);
        }
        return;
      }
      const view = await api.call('runs.study', { studyId });
      const { runs: runCosts, ...cost } = await api.call('runs.cost', { studyId: view.study.id });
      if (options.json) return void process.stdout.write(`${JSON.stringify({ ...view, runs: view.runs.map((run) => ({ ...run, cost: runCosts[run.id] ?? null })), cost }, null, 2)}\n`);
      const runLine = (run: StudyRunView) => `  ${describeRun(run)}${runCosts[run.id] ? `  ${costLine(runCosts[run.id]!)}` : ''}`;
      process.stdout.write(`${view.study.name} (${view.study.state}), folder ${view.study.folder}\n${view.runs.map(runLine).join('\n')}\n${studyCostLines({ ...cost, runs: runCosts }).join('\n')}\n`);
    },
    { access: 'read' },
  );
}

/** `lhb runs cancel STUDY|RUN`: stops a study, or one run, wherever it runs (this process or another). */
export async function runRunsCancel(id: string, options: { workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    // A study's id, or a run's (either may be short); the study wins, as its ids are the ones status lists.
    const named = await api.call('runs.identify', { id });
    const target = named.kind === 'study' ? { studyId: named.studyId } : { runId: id };
    const { cancelled } = await api.call('runs.cancel', target);
    process.stdout.write(
      cancelled > 0
        ? `Asked ${target.studyId ? 'study' : 'run'} ${id} to stop; its harnesses are killed within a few seconds and finished runs are kept.\n`
        : `${target.studyId ? 'Study' : 'Run'} ${id} is not running; nothing to cancel.\n`,
    );
  });
}

/** `lhb runs spec STUDY`: the study's resolved spec as a study file, to run it again here or elsewhere (`lhb runs start --spec`). */
export async function runRunsSpec(studyId: string, options: { workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      const { study, spec } = await api.call('runs.study', { studyId });
      process.stdout.write(`# Study "${study.name}" (${study.id}), as it runs: paths absolute, defaults filled in.\n${stringifyYaml(spec, { lineWidth: 0 })}`);
    },
    { access: 'read' },
  );
}

/**
 * `lhb runs show RUN [--json]`: a run with its trajectory summary, errors and recoveries, and
 * artifacts; with `--transcript` (or `--steps`) its trajectory step by step (`--json`: the typed steps).
 */
export async function runRunsShow(runId: string, options: { json?: boolean; transcript?: boolean; steps?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      if (options.transcript || options.steps) {
        const { trajectory, errors } = await api.call('runs.trajectory', { runId });
        if (options.json) return void process.stdout.write(`${JSON.stringify({ trajectory, errors }, null, 2)}\n`);
        if (!trajectory) {
          process.stderr.write(`lhb runs show: run ${runId} has no trajectory: it was imported as an output bundle without one, or its harness never started. \`lhb runs show ${runId}\` prints what it has.\n`);
          process.exitCode = 1;
          return;
        }
        const { transcriptText } = await import('./runs-transcript-text.ts');
        return void process.stdout.write(`${transcriptText(trajectory, errors).join('\n')}\n`);
      }
      const { run } = await api.call('runs.show', { runId });
      if (options.json) return void process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
      const lines = [
        `Run ${run.id}: ${run.task}, ${run.harness}${run.harnessVersion ? ` ${run.harnessVersion}` : ''} / ${run.model}, ${run.status}`,
        `Versions: ${Object.entries(run.versions).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
      ];
      if (run.durationMs !== null) lines.push(`Duration: ${durationText(run.durationMs) ?? 'unknown'}`);
      if (run.trajectory) {
        const t = run.trajectory;
        lines.push(`Trajectory: ${t.steps} steps, ${t.toolCalls} tool calls (${t.failedToolCalls} failed), ${tokensLine(t.tokens)}`, ...usageByModelLines(t));
      }
      for (const error of run.errors) lines.push(`  ${errorLine(error)}`);
      if (run.errorMessage) lines.push(run.errorKind === NO_OUTPUT_KIND ? `No output: ${run.errorMessage}` : `Failed (${run.errorKind}): ${run.errorMessage}`);
      if (run.verifications.length > 0) {
        const last = run.verifications.at(-1)!;
        lines.push(`Verifier: ${run.verifications.length} check${run.verifications.length === 1 ? '' : 's'}, the last ${last.ok ? 'passed' : `found ${last.findings.length} problem${last.findings.length === 1 ? '' : 's'}: ${last.nextAction}`}`);
      }
      if (run.turns.length > 0) lines.push(`Turns: ${run.turns.length}`);
      for (const turn of run.turns) {
        const prompt = turn.prompt.length > 60 ? `${turn.prompt.slice(0, 57)}...` : turn.prompt;
        const duration = turn.durationMs === null ? 'unknown' : (durationText(turn.durationMs) ?? 'unknown');
        lines.push(`  Turn ${turn.index} (${turn.status}${turn.index > 1 && !turn.resumed ? ', new session' : ''}): "${prompt}" ${duration}, ${turn.steps} steps, ${tokensLine(turn.tokens)}, ${turn.artifacts.length} file${turn.artifacts.length === 1 ? '' : 's'} in out/`);
        if (turn.restarted) lines.push(`    ${turn.restarted}`);
      }
      for (const server of run.mcpServers) {
        lines.push(`MCP server ${server.name} (${server.transport}): ${server.status === 'ready' ? `tools ${server.tools.join(', ') || 'none'}` : `left out: ${server.reason ?? 'unknown'}`}`);
      }
      lines.push(`Artifacts: ${run.artifacts.length === 0 ? 'none' : run.artifacts.map((a) => a.path).join(', ')}`);
      if (run.artifactsNotImported) lines.push(`Not imported: ${run.artifactsNotImported}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    },
    { access: 'read' },
  );
}
