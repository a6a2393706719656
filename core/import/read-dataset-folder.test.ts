import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_FORMAT_VERSION } from '../export/dataset-format-version.ts';
import { readDatasetFolder } from './read-dataset-folder.ts';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-read-dataset-folder-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const progress = { signal: new AbortController().signal, report: () => {} };

/** A card naming one JSON-lines file of the judgments subset. */
function cardOfJudgments(folder: string, rows: number): void {
  writeFileSync(
    join(folder, 'README.md'),
    [
      '---',
      'pretty_name: "Many judgments (LH-Bench Studio)"',
      'lh_bench_studio:',
      `  format_version: ${DATASET_FORMAT_VERSION}`,
      'configs:',
      '  - config_name: judgments',
      '    data_files:',
      '      - split: train',
      '        path: data/judgments/train.jsonl',
      'dataset_info:',
      '  - config_name: judgments',
      '    splits:',
      '      - name: train',
      `        num_examples: ${rows}`,
      '---',
      '',
      '# Many judgments',
      '',
    ].join('\n'),
  );
}

describe('readDatasetFolder', () => {
  it('reads a subset of a million rows (an export that large imports back)', async () => {
    const folder = join(dir, 'million');
    mkdirSync(join(folder, 'data', 'judgments'), { recursive: true });
    const rows = 1_000_000;
    cardOfJudgments(folder, rows);
    const out = createWriteStream(join(folder, 'data', 'judgments', 'train.jsonl'));
    const template = {
      run_id: 'run-1', task_id: 'task-1', judge: 'judge', judge_model: null, tier: 'output', rubric_set: 'set', rubric_set_version: '1',
      rubric: 'r', scale: 5, status: 'ok', score: 3, level: '3', evidence: '', rationale: '', failure: null, created_at: '2026-01-01T00:00:00.000Z', turn: null,
    };
    const tail = JSON.stringify(template).slice(1);
    let chunk = '';
    for (let index = 0; index < rows; index += 1) {
      chunk += `{"judgment_id":"j-${index}",${tail}\n`;
      if (chunk.length > 1 << 20) {
        if (!out.write(chunk)) await once(out, 'drain');
        chunk = '';
      }
    }
    out.end(chunk);
    await once(out, 'finish');
    const dataset = await readDatasetFolder(folder, progress);
    expect(dataset.judgments).toHaveLength(rows);
    expect(dataset.judgments[rows - 1]!.row.judgment_id).toBe(`j-${rows - 1}`);
    expect(dataset.judgments[rows - 1]!.where).toBe(`data/judgments/train.jsonl line ${rows}`);
  }, 240_000);
});
