import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,schemas,renderer,electron,build}/**/*.test.{ts,tsx}', 'datasets/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Hooks start and stop servers and workspaces; on a loaded two-core machine closing can take a while.
    hookTimeout: 30_000,
    // Two cores: two workers keep the crash tests and servers from starving each other.
    maxWorkers: 2,
  },
});
