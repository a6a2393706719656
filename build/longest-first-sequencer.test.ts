import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import config from '../vitest.config.ts';
import { LongestFirstSequencer } from './longest-first-sequencer.ts';

const ROOT = '/repo';

/** The sequencer over a vitest whose cache knows `durations` (ms) and `sizes` (bytes), as vitest keys them. */
function order(paths: string[], durations: Record<string, number> = {}, sizes: Record<string, number> = {}): Promise<string[]> {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) => (durations[key.slice(1)] === undefined ? undefined : { duration: durations[key.slice(1)], failed: false }),
      getFileStats: (key: string) => (sizes[key.slice(1)] === undefined ? undefined : { size: sizes[key.slice(1)] }),
    },
  } as unknown as Vitest;
  const specs = paths.map((path) => ({ moduleId: join(ROOT, path), project: { name: '' } }) as unknown as TestSpecification);
  return new LongestFirstSequencer(ctx).sort(specs).then((sorted) => sorted.map((spec) => spec.moduleId.slice(ROOT.length + 1)));
}

describe('the order test files start in', () => {
  it('on a clean clone (no vitest cache): the last CI’s longest files first, the rest larger file first', async () => {
    const sorted = await order(
      ['schemas/small.test.ts', 'core/sources/debian-html-corpus.test.ts', 'core/big.test.ts', 'core/runs/executors/slurm/slurm-executor.test.ts', 'core/cli/runs-retry-command.test.ts'],
      {},
      { 'schemas/small.test.ts': 900, 'core/big.test.ts': 20_000, 'core/sources/debian-html-corpus.test.ts': 1_700 },
    );
    expect(sorted).toEqual(['core/runs/executors/slurm/slurm-executor.test.ts', 'core/sources/debian-html-corpus.test.ts', 'core/cli/runs-retry-command.test.ts', 'core/big.test.ts', 'schemas/small.test.ts']);
  });

  it("with this machine's cache: its measured durations win over the CI figures; a file measured as quick goes after the unknown ones", async () => {
    const sorted = await order(
      ['core/runs/executors/slurm/slurm-executor.test.ts', 'core/unknown.test.ts', 'core/measured-long.test.ts', 'core/measured-quick.test.ts'],
      { 'core/runs/executors/slurm/slurm-executor.test.ts': 1_000, 'core/measured-long.test.ts': 400_000, 'core/measured-quick.test.ts': 200 },
    );
    expect(sorted).toEqual(['core/measured-long.test.ts', 'core/unknown.test.ts', 'core/runs/executors/slurm/slurm-executor.test.ts', 'core/measured-quick.test.ts']);
  });

  it('is the sequencer vitest.config.ts gives the suite', () => {
    expect(config.test?.sequence?.sequencer).toBe(LongestFirstSequencer);
  });
});
