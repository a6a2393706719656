import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDemoStudy } from '../../../core/demo/demo-study.ts';
import { makeDemoStudy, STUDY_FILE, studyJson } from './make-demo-study.ts';

describe('the synthetic demo study', () => {
  it('is exactly what the seeded generator writes', () => {
    expect(readFileSync(STUDY_FILE, 'utf8')).toBe(studyJson(makeDemoStudy()));
  });

  it('parses, says it is synthetic, and has the shape the Analysis panels need', () => {
    const study = readDemoStudy(STUDY_FILE);
    expect(study.synthetic).toBe(true);
    expect(study.note).toMatch(/^SYNTHETIC DATA/);
    expect(study.tasks.map((task) => task.id)).toEqual(Array.from({ length: 12 }, (_, i) => `synthetic-task-${String(i + 1).padStart(2, '0')}`));
    expect(study.configurations).toHaveLength(4);
    expect(study.runs).toHaveLength(48);
    expect(study.annotators.map((a) => a.name)).toEqual(['Synthetic expert 1', 'Synthetic expert 2', 'Synthetic expert 3']);
    expect(study.votes).toHaveLength(300);
    const share = (choice: string) => study.votes.filter((vote) => vote.choice === choice).length / study.votes.length;
    expect(share('tie')).toBeGreaterThan(0.1);
    expect(share('tie')).toBeLessThan(0.2);
    expect(share('both-bad')).toBeGreaterThan(0);
    expect(share('left')).toBeGreaterThan(share('right'));
    const versions = new Set(study.judgments.map((j) => `${j.rubric}@${j.version}`));
    expect(versions.has('visual-fidelity@v1') && versions.has('visual-fidelity@v2')).toBe(true);
    expect(study.judgments.every((j) => Object.keys(j.scores).length === 3)).toBe(true);
  });
});
