import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '../api/create-api.ts';

/**
 * The command harness's agent for a three-turn task (the test task's instruction, then "Add a
 * legend." and "Add a title."), reading each turn's prompt on stdin: turn 1 writes a ten-line
 * page and a one-line stylesheet; turn 2 rewrites one line of the page, after a failed `ls` it
 * recovers from; turn 3 adds a one-line file and touches nothing else.
 */
export const REVISING_AGENT = [
  'p=$(cat); mkdir -p out/dist; case "$p" in',
  `*legend*) sed -i 's/^line 5$/line 5 with a legend/' out/dist/index.html; echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls nothing"}}'; echo '{"type":"tool_result","result":"ls: nothing: No such file or directory","exitCode":2}'; echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls out"}}'; echo '{"type":"tool_result","result":"dist","exitCode":0}' ;;`,
  "*title*) printf 'A title\\n' > out/dist/title.txt ;;",
  "*) seq 1 10 | sed 's/^/line /' > out/dist/index.html; printf 'body{}\\n' > out/dist/style.css ;;",
  'esac',
].join('\n');

export const REVISION_PROMPTS = ['Add a legend.', 'Add a title.'];

/** Gives the imported test task (core/runs/study/task-workspace.fixture.ts) two revision turns. */
export function addRevisionTurns(taskFolder: string): void {
  const file = join(taskFolder, 'task.json');
  const task = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...task, turns: REVISION_PROMPTS.map((prompt) => ({ prompt })) }));
}

/** Runs the three-turn task `repeats` times with REVISING_AGENT and waits for the study to end; the stored runs' ids. */
export async function runRevisingStudy(api: Api, taskFolder: string, repeats = 1): Promise<string[]> {
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'scripted', command: REVISING_AGENT }], repeats, taskFolders: { 'engine-task': taskFolder } });
  await api.context.jobs.idle();
  const view = await api.call('runs.study', { studyId });
  if (view.runs.some((run) => run.status !== 'succeeded' || run.runId === null)) throw new Error(`the revising study did not succeed: ${JSON.stringify(view.runs)}`);
  return view.runs.map((run) => run.runId!);
}
