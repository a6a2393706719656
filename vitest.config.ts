import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './build/longest-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['{core,schemas,renderer,electron,build}/**/*.test.{ts,tsx}', 'datasets/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'e2e/**'],
    environment: 'node',
    // Budgets, not speed checks (benchmarks measure speed): a test that spawns lhb through tsx took
    // 15 s of a 20 s budget on the loaded two-core CI machine, and over 20 s under more load.
    testTimeout: 60_000,
    // Hooks start and stop servers and workspaces; on a loaded two-core machine closing can take a while.
    hookTimeout: 60_000,
    // Two cores: two workers keep the crash tests and servers from starving each other.
    maxWorkers: 2,
    // The longest files start first, so the run does not end with one worker alone on a long file.
    sequence: { sequencer: LongestFirstSequencer },
    // pdf.js's V8 code cache (core/sources/load-pdfjs.ts) goes to a folder of this run's, not the
    // user's ~/.cache, removed when the run ends: a test run leaves nothing behind.
    globalSetup: ['build/test-code-cache-folder.ts'],
  },
});
