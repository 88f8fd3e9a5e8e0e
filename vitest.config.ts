import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { blogMetaPlugin } from './src/content/blog/metaPlugin.ts';

// Three layers, each runnable alone: `vitest run --project unit|api|e2e`.
export default defineConfig({
  plugins: [react(), blogMetaPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'hooks/**/*.test.ts'],
          setupFiles: ['tests/support/unit-setup.ts'],
        },
      },
      {
        plugins: [blogMetaPlugin()],
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
