// Generates the demo's SYNTHETIC study: tasks, runs without artifacts, synthetic annotators'
// votes and synthetic judge scores, all drawn from a seeded model below. No person voted and no
// model judged anything here. Run: npx tsx datasets/demo/study/make-demo-study.ts
//
// Model: each configuration has a latent quality; each run's quality is that plus a task
// difficulty and run noise. A judge's score is 3 + 1.1·quality plus the judge's leniency, a
// rubric offset and the judge's own noise, rounded into 1–5 (so judges agree partly). An
// annotator perceives each side's quality with noise and a small bonus for the left side (a
// mild position bias); a close call is a tie, two poor sides are "both bad", otherwise the
// better-looking side wins. The same seed always writes the same study.json.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoStudy } from '../../../core/demo/demo-study.ts';
import { createXoshiro128Random } from '../../../core/random/xoshiro128-random.ts';
import type { SeededRandom } from '../../../core/random/random-source.ts';

export const STUDY_SEED = 'lhb-demo-study-v1';

const CONFIGURATIONS = [
  { key: 'claude-v2', harness: 'claude-code', harnessVersion: '2.0.14', model: 'claude-sonnet-4-5', versions: { skill: 'v2' }, quality: 0.8 },
  { key: 'claude-v1', harness: 'claude-code', harnessVersion: '2.0.14', model: 'claude-sonnet-4-5', versions: { skill: 'v1' }, quality: 0.35 },
  { key: 'codex-v1', harness: 'codex', harnessVersion: '0.46.0', model: 'gpt-5-codex', versions: { skill: 'v1' }, quality: 0.15 },
  { key: 'gemini-v1', harness: 'gemini-cli', harnessVersion: '0.9.0', model: 'gemini-2.5-pro', versions: { skill: 'v1' }, quality: -0.45 },
] as const;

const SCREENS = [
  'Pricing page with three tiers',
  'Sign-up form with inline validation',
  'Settings panel with grouped toggles',
  'Dashboard overview with four KPI cards',
  'Empty state for a new project',
  'Checkout summary with discount code',
  'Team members table with roles',
  'Onboarding carousel, three steps',
  'Notification centre dropdown',
  'Blog article with pull quote',
  'Mobile navigation drawer',
  'Error page with recovery links',
];

/** Judges: leniency (added to the score) and noise (sd of their own error). */
const JUDGES = [
  { name: 'judge-claude-opus', leniency: 0, noise: 0.55 },
  { name: 'judge-gpt-5', leniency: -0.3, noise: 0.6 },
  { name: 'judge-gemini-2.5-pro', leniency: 0.3, noise: 0.85 },
] as const;

/** Rubrics per tier with an offset (harder rubrics score lower). visual-fidelity was revised to v2 halfway. */
const RUBRICS = {
  process: [
    { name: 'plan-and-verify', offset: -0.2 },
    { name: 'tool-discipline', offset: 0.2 },
  ],
  output: [
    { name: 'visual-fidelity', offset: 0 },
    { name: 'layout-structure', offset: 0.1 },
    { name: 'responsive-behaviour', offset: -0.3 },
  ],
  content: [
    { name: 'copy-accuracy', offset: 0.3 },
    { name: 'accessibility', offset: -0.4 },
  ],
} as const;

const ANNOTATORS = [
  { name: 'Synthetic expert 1', noise: 0.45, leftBonus: 0.35 },
  { name: 'Synthetic expert 2', noise: 0.6, leftBonus: 0.45 },
  { name: 'Synthetic expert 3', noise: 0.75, leftBonus: 0.3 },
] as const;
/** Each annotator votes every pair once and this many pairs a second time. */
const REPEATS_PER_ANNOTATOR = 28;
const TIE_MARGIN = 0.3;
const BOTH_BAD_BELOW = -0.4;

function normal(random: SeededRandom): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const clampScore = (x: number) => Math.min(5, Math.max(1, Math.round(x)));
const pad = (n: number) => String(n).padStart(2, '0');
const at = (base: number, minutes: number) => new Date(base + minutes * 60_000).toISOString();

export function makeDemoStudy(seed: string = STUDY_SEED): DemoStudy {
  const random = createXoshiro128Random(seed);
  const tasks = SCREENS.map((title, i) => ({
    id: `synthetic-task-${pad(i + 1)}`,
    title: `Synthetic: ${title}`,
    instruction: `Synthetic demo task (no real agent ran it): build "${title}" from the Figma frame as a static page.`,
    difficulty: normal(random) * 0.35,
  }));
  const runStart = Date.parse('2025-10-08T08:00:00Z');
  const runs = tasks.flatMap((task, t) =>
    CONFIGURATIONS.map((config, c) => ({
      id: `${task.id.replace('task', 'run')}-${config.key}`,
      task: task.id,
      config: config.key,
      startedAt: at(runStart, t * 60 + c * 5),
      finishedAt: at(runStart, t * 60 + c * 5 + 20 + Math.floor(random.next() * 30)),
      quality: config.quality + task.difficulty + normal(random) * 0.45,
    })),
  );

  type Run = (typeof runs)[number];
  const judgments: DemoStudy['judgments'] = [];
  const judgedAt = Date.parse('2025-10-09T10:00:00Z');
  runs.forEach((run, r) => {
    const taskNumber = Number(run.task.slice(-2));
    for (const [tier, rubrics] of Object.entries(RUBRICS) as [keyof typeof RUBRICS, (typeof RUBRICS)[keyof typeof RUBRICS]][]) {
      for (const rubric of rubrics) {
        const version = rubric.name === 'visual-fidelity' && taskNumber > 6 ? 'v2' : 'v1';
        const scores: Record<string, number> = {};
        for (const judge of JUDGES) scores[judge.name] = clampScore(3 + 1.1 * run.quality + rubric.offset + judge.leniency + normal(random) * judge.noise);
        judgments.push({ run: run.id, tier, rubric: rubric.name, version, scores, createdAt: at(judgedAt, r) });
      }
    }
  });

  const votes: DemoStudy['votes'] = [];
  const voteStart = Date.parse('2025-10-10T09:00:00Z');
  const pairs = tasks.flatMap((task) => {
    const taskRuns = runs.filter((run) => run.task === task.id);
    return taskRuns.flatMap((a, i) => taskRuns.slice(i + 1).map((b): [Run, Run] => (a.id < b.id ? [a, b] : [b, a])));
  });
  ANNOTATORS.forEach((annotator, n) => {
    const order = shuffled(random, pairs.map((_, i) => i));
    const repeats = shuffled(random, pairs.map((_, i) => i)).slice(0, REPEATS_PER_ANNOTATOR);
    [...order, ...repeats].forEach((index, k) => {
      const [a, b] = pairs[index]!;
      const shownOrder = random.next() < 0.5 ? 'a-left' : 'b-left';
      const [left, right]: [Run, Run] = shownOrder === 'a-left' ? [a, b] : [b, a];
      const seenLeft = left.quality + annotator.leftBonus + normal(random) * annotator.noise;
      const seenRight = right.quality + normal(random) * annotator.noise;
      let ratingLeft = clampScore(3 + 1.1 * seenLeft);
      let ratingRight = clampScore(3 + 1.1 * seenRight);
      let choice: 'left' | 'right' | 'tie' | 'both-bad';
      if (Math.max(seenLeft, seenRight) < BOTH_BAD_BELOW) {
        choice = 'both-bad';
        ratingLeft = Math.min(ratingLeft, 2);
        ratingRight = Math.min(ratingRight, 2);
      } else if (Math.abs(seenLeft - seenRight) < TIE_MARGIN) {
        choice = 'tie';
        ratingRight = ratingLeft;
      } else {
        choice = seenLeft > seenRight ? 'left' : 'right';
        // A voter never rates the side they preferred below the other one.
        if (choice === 'left') ratingLeft = Math.max(ratingLeft, ratingRight);
        else ratingRight = Math.max(ratingLeft, ratingRight);
      }
      votes.push({
        id: `synthetic-vote-${n + 1}-${String(k + 1).padStart(3, '0')}`,
        annotator: annotator.name,
        runA: a.id,
        runB: b.id,
        shownOrder,
        choice,
        ratingLeft,
        ratingRight,
        timeOnItemMs: 20_000 + Math.floor(random.next() * 100_000),
        createdAt: at(voteStart + n * 86_400_000, k * 2),
      });
    });
  });

  return {
    synthetic: true,
    note: 'SYNTHETIC DATA: generated by datasets/demo/study/make-demo-study.ts from a seeded model. No person voted and no model judged; the configurations are plausible names, not records of real runs.',
    seed,
    configurations: CONFIGURATIONS.map(({ key, harness, harnessVersion, model, versions }) => ({ key, harness, harnessVersion, model, versions: { ...versions } })),
    tasks: tasks.map(({ id, title, instruction }) => ({ id, title, instruction })),
    runs: runs.map(({ id, task, config, startedAt, finishedAt }) => ({ id, task, config, startedAt, finishedAt })),
    annotators: ANNOTATORS.map((annotator, i) => ({ name: annotator.name, queueSeed: `${seed}-annotator-${i + 1}` })),
    votes,
    judgments,
  };
}

function shuffled<T>(random: SeededRandom, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The study as committed: two-space JSON with one judgment or vote per line, so diffs stay readable. */
export function studyJson(study: DemoStudy): string {
  const { votes, judgments, runs, tasks, ...head } = study;
  const lines = (rows: readonly unknown[]) => rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n');
  const headJson = JSON.stringify(head, null, 2).slice(0, -2);
  return `${headJson},\n  "tasks": [\n${lines(tasks)}\n  ],\n  "runs": [\n${lines(runs)}\n  ],\n  "votes": [\n${lines(votes)}\n  ],\n  "judgments": [\n${lines(judgments)}\n  ]\n}\n`;
}

export const STUDY_FILE = join(dirname(fileURLToPath(import.meta.url)), 'study.json');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const study = makeDemoStudy();
  writeFileSync(STUDY_FILE, studyJson(study));
  const count = (choice: string) => study.votes.filter((vote) => vote.choice === choice).length;
  process.stdout.write(
    `${STUDY_FILE}: ${study.tasks.length} tasks, ${study.runs.length} runs, ${study.votes.length} votes (left ${count('left')}, right ${count('right')}, tie ${count('tie')}, both-bad ${count('both-bad')}), ${study.judgments.length * 3} judgments\n`,
  );
}
