import { defineConfig } from 'vitest/config';

// Unit and adapter-contract tests sit beside the code; e2e starts real processes, so it runs alone.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'gateway/**/*.test.ts',
            'services/**/*.test.ts',
            'bin/**/*.test.ts',
            'scripts/**/*.test.ts',
            'infra/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
