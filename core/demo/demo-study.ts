import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

/**
 * `datasets/demo/study/study.json`: the demo's synthetic study (made by
 * `datasets/demo/study/make-demo-study.ts`, never by people or models). Tasks and runs without
 * artifacts, synthetic annotators with their votes, and synthetic judge scores, so every
 * Analysis panel has real computed numbers at first start.
 */
const Id = z.string().min(1).max(200);
const Score = z.number().int().min(1).max(5);

export const DemoStudySchema = z.object({
  synthetic: z.literal(true),
  note: z.string(),
  seed: z.string(),
  configurations: z.array(
    // harnessVersion is recorded on each run; versions (the skill) make the configuration with harness and model.
    z.object({ key: Id, harness: Id, harnessVersion: z.string().min(1).optional(), model: Id, versions: z.record(z.string(), z.string()) }),
  ).min(2),
  tasks: z.array(z.object({ id: Id, title: z.string().min(1), instruction: z.string() })).min(1),
  runs: z.array(z.object({ id: Id, task: Id, config: Id, startedAt: z.string(), finishedAt: z.string() })).min(2),
  annotators: z.array(z.object({ name: Id, queueSeed: Id })).min(1),
  votes: z.array(
    z.object({
      id: Id,
      annotator: Id,
      runA: Id,
      runB: Id,
      shownOrder: z.enum(['a-left', 'b-left']),
      choice: z.enum(['left', 'right', 'tie', 'both-bad']),
      ratingLeft: Score,
      ratingRight: Score,
      timeOnItemMs: z.number().int().min(0),
      createdAt: z.string(),
    }),
  ),
  /** One row per (run, tier, rubric@version): every judge's score of it. */
  judgments: z.array(
    z.object({
      run: Id,
      tier: z.enum(['process', 'output', 'content']),
      rubric: Id,
      version: Id,
      scores: z.record(z.string(), Score),
      createdAt: z.string(),
    }),
  ),
});
export type DemoStudy = z.infer<typeof DemoStudySchema>;

/** Reads and parses a study file, or throws naming the file and the first bad field. */
export function readDemoStudy(file: string): DemoStudy {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The demo study ${file} could not be read as JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = DemoStudySchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`The demo study ${file} is not valid: ${describeZodIssues(parsed.error, '', 1)}. Regenerate it with npx tsx datasets/demo/study/make-demo-study.ts.`);
  }
  return parsed.data;
}
