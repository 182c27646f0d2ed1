import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'shared/**/*.test.ts', 'web/e2e/**/*.test.ts', 'bench/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts', 'web/**/*.test.ts', 'docs/**/*.test.ts', 'scripts/**/*.test.ts', 'client/**/*.test.ts', 'samples/**/*.test.ts', 'monitoring/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
