import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the slowest test files took in the last clean-clone CI (two workers on the loaded
 * two-core machine). A clean clone has no vitest cache, so vitest would order files by size alone,
 * and the 191 s Slurm file could start last and leave one worker idle while it ran. Update these
 * when a file's time changes a lot; a file not listed counts as an average one.
 */
const CI_SECONDS: Readonly<Record<string, number>> = {
  'core/runs/executors/slurm/slurm-executor.test.ts': 191,
  'core/sources/debian-pdf-corpus.test.ts': 89,
  'core/runs/study/transcript-memory.test.ts': 65,
  'core/cli/runs-start-demo.test.ts': 53,
  'core/runs/harnesses/harness-version-detection.test.ts': 52,
  'core/sources/debian-html-corpus.test.ts': 47,
  'core/judge/judging/blind-demo-judging.test.ts': 46,
  'core/runs/bundles/frame-capture.test.ts': 37,
  'core/judge/judging/guess-harness-control-demo.test.ts': 36,
  'build/build-emit.test.ts': 34,
  'core/runs/verifier/verifier-engine.test.ts': 33,
  'core/judge/judging/no-artifact-control-demo.test.ts': 32,
  'core/cli/readme-walkthrough.test.ts': 32,
  'core/cli/runs-retry-command.test.ts': 27,
};

/** The last CI's mean: 1,708 s of test time over 437 files. */
const UNKNOWN_FILE_MS = 3_900;

/**
 * Longest files first, so the run ends on short files on both workers rather than on one long
 * file. A file's length is what this machine's vitest cache measured when it has one, else the
 * last CI's figure above, else the mean; ties (the unknown files) go larger file first, as
 * vitest's own sequencer does.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const expectedMs = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId).split('\\').join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      if (cached !== undefined && cached > 0) return cached;
      const recorded = CI_SECONDS[path];
      return recorded !== undefined ? recorded * 1000 : UNKNOWN_FILE_MS;
    };
    const sizeOf = (spec: TestSpecification): number => this.ctx.cache.getFileStats(`${spec.project.name}:${relative(root, spec.moduleId)}`)?.size ?? 0;
    const keyed = files.map((spec) => ({ spec, ms: expectedMs(spec), size: sizeOf(spec) }));
    keyed.sort((a, b) => b.ms - a.ms || b.size - a.size);
    return keyed.map(({ spec }) => spec);
  }
}
