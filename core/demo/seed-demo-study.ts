import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { ensureSyntheticAnnotator, recordSyntheticVote } from '../arena/synthetic-votes.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { recordSyntheticRun, recordSyntheticTask } from '../runs/synthetic-runs.ts';
import { readDemoStudy } from './demo-study.ts';
import { markDemoRecords } from '../store/demo-records.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** Where a dataset folder keeps its synthetic study. */
export const DEMO_STUDY_FILE = join('study', 'study.json');

/**
 * Loads a dataset's synthetic study (`study/study.json`) so the Analysis screen has numbers at
 * first start: tasks and artifact-less runs through core/runs, synthetic annotators and votes
 * through core/arena, judgments through core/judge. Each of them is written under a stable id
 * and skipped when present, and the whole load is one transaction, so a crash mid-seed leaves
 * nothing behind and a rerun never duplicates. Returns false when the dataset has no study.
 */
export function seedDemoStudy(db: Database, datasetDir: string): boolean {
  const file = join(datasetDir, DEMO_STUDY_FILE);
  if (!existsSync(file)) return false;
  const study = readDemoStudy(file);
  const configurations = new Map(study.configurations.map((config) => [config.key, config]));
  const loadedAt = new Date().toISOString();
  writeTransaction(db, () => {
    for (const task of study.tasks) recordSyntheticTask(db, task, loadedAt);
    for (const run of study.runs) {
      const config = configurations.get(run.config);
      if (!config) throw new Error(`The demo study ${file} names configuration "${run.config}" for run ${run.id}, which it does not define.`);
      recordSyntheticRun(db, { id: run.id, taskId: run.task, harness: config.harness, model: config.model, versions: config.versions, ...(config.harnessVersion ? { harnessVersion: config.harnessVersion } : {}), startedAt: run.startedAt, finishedAt: run.finishedAt, origin: 'datasets/demo/study (synthetic)' }, loadedAt);
    }
    // Synthetic and the demo's: the one flag keeps them out of real results, the other out of a user's record.
    markDemoRecords(db, { tasks: study.tasks.map((task) => task.id), runs: study.runs.map((run) => run.id) });
    const annotators = new Map(study.annotators.map((annotator) => [annotator.name, ensureSyntheticAnnotator(db, annotator.name, annotator.queueSeed, loadedAt)]));
    for (const vote of study.votes) {
      const annotatorId = annotators.get(vote.annotator);
      if (!annotatorId) throw new Error(`The demo study ${file} has vote ${vote.id} by "${vote.annotator}", who is not among its annotators.`);
      recordSyntheticVote(db, { ...vote, annotatorId });
    }
    for (const item of study.judgments) {
      for (const [judge, score] of Object.entries(item.scores)) {
        recordJudgment(db, {
          id: `synthetic:${item.run}:${item.tier}:${item.rubric}@${item.version}:${judge}`,
          runId: item.run,
          judge,
          tier: item.tier,
          rubric: item.rubric,
          rubricVersion: item.version,
          score,
          rationale: 'Synthetic demo score (no model judged this run).',
          synthetic: true,
          createdAt: item.createdAt,
        });
      }
    }
  })();
  return true;
}
