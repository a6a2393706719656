import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JudgeTierSchema, type JudgeTier, type RubricScale } from '../../schemas/judge.ts';
import { formatKappa } from '../../schemas/format-number.ts';
import { describeGuessSummary, describeJudgingSummary } from '../judge/judging/start-judging-job.ts';
import { JUDGED_TURN_MAX, JudgeControlSchema, type JudgeControl } from '../../schemas/judging.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import type { Api } from '../api/create-api.ts';
import { sectionMarkdown } from '../analysis/section-markdown.ts';
import { followJobWithMessages } from './follow-job-with-messages.ts';
import { JudgesFileError, readJudgesFile } from './read-judges-file.ts';
import { withCliApi } from './open-cli-api.ts';

export interface JudgeOptions {
  judges?: string;
  tier?: string;
  rubrics?: string[];
  scale?: string;
  task?: string[];
  run?: string[];
  turn?: string;
  control?: string;
  /** Judge pairs of runs, sides swapped (judge-pairwise-command.ts), instead of scoring runs on rubrics. */
  pairwise?: boolean;
  pairs?: string;
  json?: boolean;
  workspace?: string;
}

/** A flag the user must fix: exits 2 with the message, nothing done. */
class JudgeFlagError extends Error {
  override name = 'JudgeFlagError';
}

function parseFlags(options: JudgeOptions): { tier: JudgeTier; scale: RubricScale; turn?: number; control?: JudgeControl } {
  if (options.control === 'guess-harness') {
    // The judges are shown the trajectory (the process tier's material) and score nothing.
    if (options.tier !== undefined && options.tier !== 'process') throw new JudgeFlagError(`--control guess-harness shows each judge a run's trajectory, the process tier's material; leave --tier out or give --tier process (not ${options.tier}).`);
    for (const [flag, given] of [['--rubrics', options.rubrics?.length], ['--scale', options.scale]] as const) {
      if (given) throw new JudgeFlagError(`${flag} is for scoring runs on rubric sets; --control guess-harness asks which harness made each run and takes --judges, --task, --run and --turn.`);
    }
    options = { ...options, tier: 'process' };
  }
  const tier = JudgeTierSchema.safeParse(options.tier ?? 'output');
  if (!tier.success) throw new JudgeFlagError(`--tier is process, output or content (not ${options.tier}).`);
  if (options.scale !== undefined && options.scale !== '3' && options.scale !== '5') throw new JudgeFlagError(`--scale is 3 (0/1/2) or 5 (1–5), not ${options.scale}.`);
  if (options.turn !== undefined && !(/^[1-9]\d*$/.test(options.turn) && Number(options.turn) <= JUDGED_TURN_MAX)) {
    throw new JudgeFlagError(`--turn is a turn's number, from 1 to ${JUDGED_TURN_MAX} (not ${options.turn}); without it each run's last turn is judged.`);
  }
  const control = options.control === undefined ? undefined : JudgeControlSchema.safeParse(options.control);
  if (control && !control.success) throw new JudgeFlagError(`--control is ${JudgeControlSchema.options.join(' or ')} (not ${options.control}); without it the runs are judged for their scores.`);
  return { tier: tier.data, scale: options.scale === '3' ? 3 : 5, ...(options.turn !== undefined ? { turn: Number(options.turn) } : {}), ...(control ? { control: control.data } : {}) };
}

function fail(error: unknown): never {
  process.stderr.write(`lhb judge: ${(error as Error).message}\n`);
  process.exit(error instanceof JudgeFlagError || error instanceof JudgesFileError ? 2 : 1);
}

/**
 * `lhb judge --judges FILE`: judges every run that has what the tier needs with every judge and
 * rubric set, following the job with progress on stderr (cost so far included). Exits 0 when
 * every reply is stored, failed ones included and counted; 1 when the job failed or was
 * cancelled (what it stored is kept, and running it again asks only the rest); 2 on bad flags.
 */
export async function runJudge(options: JudgeOptions): Promise<void> {
  if (options.pairwise) {
    for (const [flag, given] of [['--rubrics', options.rubrics?.length], ['--scale', options.scale], ['--run', options.run?.length], ['--turn', options.turn], ['--control', options.control]] as const) {
      if (given) fail(new JudgeFlagError(`${flag} is for scoring runs on rubric sets; --pairwise compares two runs and takes --judges, --tier, --pairs and --task.`));
    }
    const { runJudgePairwise } = await import('./judge-pairwise-command.ts');
    return runJudgePairwise(options, (message) => fail(new JudgeFlagError(message)), fail);
  }
  if (options.pairs !== undefined) fail(new JudgeFlagError('--pairs chooses the pairs of --pairwise; add --pairwise.'));
  let judges;
  let flags;
  try {
    if (!options.judges) throw new JudgeFlagError('--judges FILE is required: a JSON array of judges ({"name", "provider", "baseUrl", "model", "apiKeyEnv"}).');
    judges = readJudgesFile(options.judges);
    flags = parseFlags(options);
  } catch (error) {
    fail(error);
  }
  await withCliApi(options.workspace, async (api) => {
    let started;
    try {
      started = await api.call('judge.start', {
        judges,
        tier: flags.tier,
        scale: flags.scale,
        ...(options.rubrics?.length ? { rubricSets: options.rubrics } : {}),
        ...(options.task?.length ? { taskIds: options.task } : {}),
        ...(options.run?.length ? { runIds: options.run } : {}),
        ...(flags.turn !== undefined ? { turn: flags.turn } : {}),
        ...(flags.control ? { control: flags.control } : {}),
      });
    } catch (error) {
      // A refused request (a rubric set, a key variable) says that nothing was judged.
      if (error instanceof LhbError) {
        process.stderr.write(`lhb judge: ${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      throw error;
    }
    const { jobId, rubricSets } = started;
    const final =
      (await followJobWithMessages(api.context.jobs, jobId, {
        json: options.json === true,
        cancelNotice: '\nCancelling: replies already stored are kept; run the same command again to finish.\n',
      })) ?? vanished(jobId);
    const { summary: ended } = await api.call('judge.result', { jobId });
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ jobId, state: final.state, tier: flags.tier, ...(flags.control === 'guess-harness' ? {} : { scale: flags.scale }), rubricSets, control: flags.control ?? null, ...(ended ?? {}), message: final.message })}\n`);
    } else {
      const guessing = flags.control === 'guess-harness';
      if (flags.control === 'no-artifact') process.stdout.write('No-artifact control: these judgments are kept apart and never counted as scores; lhb analyze shows how much the artifact moves each rubric.\n');
      if (guessing) process.stdout.write("Guess-harness control: each judge was asked which harness made each run from its blinded trajectory; the answers are kept apart and never counted as scores; lhb analyze shows each judge's accuracy against chance.\n");
      process.stdout.write(`${ended ? (guessing ? describeGuessSummary : describeJudgingSummary)(ended, judges.length) : final.message}\n`);
      for (const failure of ended?.failures ?? []) process.stdout.write(`  failed: run ${failure.runId} · ${failure.judge}${guessing ? '' : ` · ${failure.rubricSet}`}: ${failure.failure}\n`);
      for (const skipped of ended?.skipped ?? []) process.stdout.write(`  left out: run ${skipped.runId}: ${skipped.reason}\n`);
      if (guessing) await printControlsSection(api);
    }
    if (final.state !== 'succeeded' || (ended?.units.cancelled ?? 0) > 0) {
      if (final.state === 'failed') process.stderr.write(`lhb judge: ${final.message}\n`);
      process.exitCode = 1;
    }
  });
}

/** The report's Controls section as `lhb analyze --md` prints it: each judge's guesses against chance. */
async function printControlsSection(api: Api): Promise<void> {
  const section = (await api.call('analysis.report', {})).sections.find((entry) => entry.id === 'controls');
  process.stdout.write(section ? `\n${sectionMarkdown(section, '##')}\n` : '\nNo guess is counted by the report yet (lhb analyze says which records it counts).\n');
}

function vanished(jobId: string): never {
  throw new Error(`The judging job ${jobId} is no longer in the workspace's job list, so how it ended is unknown.`);
}

/** `lhb judge list [--run ID] [--json]`: stored judgments, scored and failed. */
export async function runJudgeList(options: { run?: string; json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(
    options.workspace,
    async (api) => {
      const { judgments } = await api.call('judge.list', options.run ? { runId: options.run } : {});
      if (options.json) {
        process.stdout.write(`${JSON.stringify(judgments, null, 2)}\n`);
        return;
      }
      if (judgments.length === 0) process.stdout.write('No judgments stored yet. Judge runs with: lhb judge --judges FILE\n');
      for (const j of judgments) {
        const outcome = j.status === 'ok' ? `${j.score} (level ${j.level})` : `FAILED: ${j.failure ?? ''}`;
        process.stdout.write(`${j.runId.slice(0, 12)}${j.turn ? ` turn ${j.turn}` : ''}  ${j.tier}  ${j.rubricSet || '(no set)'}@${j.rubricSetVersion}/${j.scale}  ${j.judge}  ${j.rubric}: ${outcome}${j.synthetic ? '  [synthetic]' : ''}${j.leftOut ? `  [left out of every figure: ${j.leftOut}]` : ''}\n`);
      }
    },
    { access: 'read' },
  );
}

/** `lhb judge import FILE`: judgments made elsewhere, as JSON lines; exits 1 when any line was refused (the rest are stored). */
export async function runJudgeImport(file: string, options: { json?: boolean; workspace?: string }): Promise<void> {
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    fail(new JudgeFlagError(`Could not read ${resolve(file)}: ${(error as Error).message}.`));
  }
  if (text.trim() === '') fail(new JudgeFlagError(`${resolve(file)} is empty; it should hold one JSON judgment per line.`));
  await withCliApi(options.workspace, async (api) => {
    const result = await api.call('judge.import', { jsonLines: text });
    if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      process.stdout.write(`Imported ${result.imported} replies (${result.judgments} judgments); ${result.unchanged} already stored; ${result.errors.length} lines refused.\n`);
      for (const error of result.errors) process.stdout.write(`  line ${error.line}: ${error.error}\n`);
    }
    if (result.errors.length > 0) process.exitCode = 1;
  });
}

/** `lhb judge compare [--tier T] [--json]`: κ per rubric set version on the same runs (expert vs generic). */
export async function runJudgeCompare(options: { tier?: string; includeSynthetic?: boolean; json?: boolean; workspace?: string }): Promise<void> {
  const tier = JudgeTierSchema.safeParse(options.tier ?? 'process');
  if (!tier.success) fail(new JudgeFlagError(`--tier is process, output or content (not ${options.tier}).`));
  await withCliApi(
    options.workspace,
    async (api) => {
      const report = await api.call('judge.compare', { tier: tier.data, includeSynthetic: options.includeSynthetic === true });
      if (options.json) {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      if (report.kinds.length === 0) process.stdout.write(`No rubric set has judgments at the ${report.tier} tier yet.\n`);
      for (const group of report.kinds) {
        process.stdout.write(`Inter-judge agreement per rubric set at the ${report.tier} tier, on the ${group.commonRuns} runs of ${group.taskKind} tasks every set was judged on:\n`);
        for (const set of group.sets) {
          const kappa = set.meanKappa === null ? 'κ undefined' : `mean pairwise quadratic κ ${formatKappa(set.meanKappa).text} (${set.band})`;
          process.stdout.write(`  ${set.rubricSet}@${set.version} (${set.scale}-point${set.authoredBy ? `, ${set.authoredBy}` : ''}): ${kappa}; ${set.judges.length} judges, ${set.runs} runs, ${set.items} items\n`);
        }
      }
      if (report.leftOut > 0) process.stdout.write(`${report.leftOut} judgments at this tier are left out: their rubric set is for another task kind than their run's (lhb judge list marks them).\n`);
    },
    { access: 'read' },
  );
}
