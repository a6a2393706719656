// The demo study repeated: `copies` copies of its tasks, runs, votes and judgments under fresh
// ids (the same configurations and annotators), for measuring the analysis at a real study's
// size and at a year of a lab's studies. Pure.
import type { DemoStudy } from './demo-study.ts';

/** Copy `copy` (1, 2, …) of the study's records; copy 0 would be the study itself. */
export function demoStudyCopy(study: DemoStudy, copy: number): DemoStudy {
  const id = (original: string) => `${original}~copy${copy}`;
  return {
    ...study,
    tasks: study.tasks.map((task) => ({ ...task, id: id(task.id) })),
    runs: study.runs.map((run) => ({ ...run, id: id(run.id), task: id(run.task) })),
    votes: study.votes.map((vote) => ({ ...vote, id: id(vote.id), runA: id(vote.runA), runB: id(vote.runB) })),
    judgments: study.judgments.map((judgment) => ({ ...judgment, run: id(judgment.run) })),
  };
}
