import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './test/longest-first.js';

// Test files that need a module graph of their own: they mock modules, or measure what a fresh
// process loads, or rely on module state no other file has touched.
const ISOLATED = ['test/config/wiring.test.ts', 'test/lint/load-once.test.ts'];

export default defineConfig({
  test: {
    // One temporary folder per run, removed at its end (see the file).
    globalSetup: ['test/global-temp-dir.ts'],
    // A worker per core: vitest keeps one core for itself, which on 2 cores ran the files one at a time,
    // though most of a file's time is spent waiting on servers and child processes.
    maxWorkers: availableParallelism(),
    // The files that hold a worker longest start first, so none is left running alone at the end.
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // In CI a JSON report lets .ci/run print the plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        // Each worker keeps the modules it loaded from one test file to the next: importing the
        // engine, the checks and the reference server again for each of the 300-odd files was
        // most of the suite's time. Files that need a fresh graph run in the project below.
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
