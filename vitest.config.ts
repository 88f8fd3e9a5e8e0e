import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { blogMetaPlugin } from './src/content/blog/metaPlugin.ts';

// Four projects, each runnable alone: `vitest run --project unit|api|api-restore|e2e`.
/**
 * The API tests that restore a backup run on their own, one file at a time, after the others: a
 * restore stops the server's writes and restarts its process (PocketBase execs itself), and
 * they time that restart against their own guests' requests, which the other layer's fifty
 * servers on a 2-core machine only make noisier.
 */
const RESTORE_TESTS = ['tests/api/backup-restore*.test.ts'];

/** The API layers: each test file starts a real PocketBase, which takes longer than vitest's 5 s under load. */
const API_LAYER = { environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  plugins: [react(), blogMetaPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // A hang detector, not a speed check (speed is the benchmarks'): a dozen cases take 2-3 s
          // on a quiet 2-core machine (importing every route, every hour of 2024-2030), and under
          // load they ran past vitest's 5 s and failed (stop 38's CI run; two runs here beside
          // other layers).
          testTimeout: 20_000,
          hookTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'hooks/**/*.test.ts'],
          setupFiles: ['tests/support/unit-setup.ts'],
        },
      },
      {
        plugins: [blogMetaPlugin()],
        test: {
          ...API_LAYER,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: RESTORE_TESTS,
        },
      },
      {
        plugins: [blogMetaPlugin()],
        test: {
          ...API_LAYER,
          name: 'api-restore',
          include: RESTORE_TESTS,
          fileParallelism: false,
        },
      },
      {
        plugins: [blogMetaPlugin()],
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/support/e2e-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Two cores: one browser at a time keeps timings honest and the machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
