import { copyFileSync, linkSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../../api/create-api.ts';
import { shellQuote } from '../../shell-quote.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import type { TrajectoryLimits } from '../trajectory/kept-steps.ts';
import { parseTranscript } from '../trajectory/read-transcript-lines.ts';
import { summariseTrajectory } from '../trajectory/summarise-trajectory.ts';
import { importTestTask } from './study-engine.fixture.ts';

/**
 * The engine's whole path for one run's transcript, in the process that calls it (run in a child
 * of its own by callInChildProcess, which reports that process's peak memory): a study of one
 * command-harness run whose agent prints `transcriptFile` as its stdout, run to its end (the
 * transcript streamed to the run folder, parsed, stored as a blob with its trajectory).
 * `maxOutputBytes` raises the study's output limit per run (256 MiB by default) for a larger transcript.
 */
export async function runStudyPrinting(transcriptFile: string, maxOutputBytes?: number): Promise<{ status: string; errorMessage: string | null; steps: number | null; toolCalls: number | null; rssBeforeBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-transcript-memory-'));
  const api = createApi(openWorkspace(join(dir, 'ws')));
  try {
    const taskFolder = await importTestTask(api.context.workspace, dir);
    // In the task folder, the one place outside its run the sandbox lets the agent read.
    const printed = join(taskFolder, 'inputs', 'transcript.jsonl');
    try {
      linkSync(transcriptFile, printed);
    } catch {
      copyFileSync(transcriptFile, printed);
    }
    const command = `mkdir -p out && echo done > out/result.txt && cat ${shellQuote(printed)}`;
    // What the engine holds before the run (Node, tsx, the workspace, the API): the run's own share is what comes on top.
    const rssBeforeBytes = process.memoryUsage().rss;
    const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], taskFolders: { 'engine-task': taskFolder }, configurations: [{ harness: 'command', model: 'printer', command }], timeoutSeconds: 3600, ...(maxOutputBytes ? { maxOutputBytes } : {}) });
    await api.context.jobs.idle();
    const run = (await api.call('runs.study', { studyId })).runs[0]!;
    return { status: run.status, errorMessage: run.errorMessage, steps: run.steps, toolCalls: run.toolCalls, rssBeforeBytes };
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A transcript file parsed as the engine parses a run's, and what came of it: the summary's counts
 * (the whole run's), how many steps and calls the trajectory kept, and its first warnings.
 * `limits` replaces the parser's caps (to measure a parse that keeps everything).
 */
export async function parseTranscriptFile(
  path: string,
  harness: 'command' | 'claude-code',
  limits?: TrajectoryLimits,
): Promise<{ steps: number; toolCalls: number; failedToolCalls: number; tokens: { input: number; output: number }; keptSteps: number; keptToolCalls: number; warnings: string[] }> {
  const createParser = await harnessAdapter(harness).loadParser();
  const trajectory = await parseTranscript(createParser(limits ? { limits } : {}), path);
  const { steps, toolCalls, failedToolCalls, tokens } = summariseTrajectory(trajectory);
  const keptToolCalls = trajectory.steps.reduce((sum, step) => sum + step.toolCalls.length, 0);
  return { steps, toolCalls, failedToolCalls, tokens: { input: tokens.input, output: tokens.output }, keptSteps: trajectory.steps.length, keptToolCalls, warnings: trajectory.warnings.slice(0, 5) };
}
