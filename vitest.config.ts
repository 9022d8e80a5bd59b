import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One temporary folder per run, removed at its end (see the file).
    globalSetup: ['test/global-temp-dir.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // In CI a JSON report lets .ci/run print the plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
