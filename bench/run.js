// `npm run bench`: every benchmark, each compared as a ratio against a baseline measured in
// the same run. Never part of `npm test`. Pass names to run a subset: `npm run bench -- lint`.
// A benchmark that fails is reported as failed; the others still run.
import { fmt } from './lib/measure.mjs';

const all = {
  server: async () => (await import('./server.mjs')).benchServer(),
  // Only the throughput part of `server` (no 1M-item seeding): quick to repeat while tuning.
  'server-throughput': async () => (await import('./server.mjs')).benchServer({ scale: false }),
  check: async () => (await import('./check.mjs')).benchCheck(),
  lint: async () => (await import('./lint.mjs')).benchLint(),
  diff: async () => (await import('./diff.mjs')).benchDiff(),
  // restguide lint vs Redocly CLI and spectral-cli on big real documents (bench/documents/), linearity, start-up.
  'lint-scale': async () => (await import('./lint-scale.mjs')).benchLintScale(),
  memory: async () => (await import('./memory.mjs')).benchMemory(),
  // check --har: peak RSS judging a large HAR against a small one (HAR_SMALL_MB, HAR_LARGE_MB).
  har: async () => (await import('./har.mjs')).benchHar(),
  // restguide proxy in front of the reference server: throughput and p99 against direct, answers unchanged.
  proxy: async () => (await import('./proxy.mjs')).benchProxy(),
  // restguide serve --openapi: start on a 1 MB description, RSS after 20,000 creates.
  mock: async () => (await import('./mock.mjs')).benchMock(),
};
const wanted = process.argv.slice(2).length
  ? process.argv.slice(2)
  : Object.keys(all).filter((name) => name !== 'server-throughput');
for (const name of wanted) {
  if (!all[name]) {
    console.error(`unknown benchmark '${name}' (one of ${Object.keys(all).join(', ')})`);
    process.exit(2);
  }
}
const rows = [];
const failures = [];
for (const name of wanted) {
  process.stderr.write(`bench: ${name}...\n`);
  try {
    rows.push(...(await all[name]()));
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log('\n| measure | value | baseline (same run) | ratio | target |');
console.log('|---|---|---|---|---|');
let missed = 0;
for (const { label, value, baseline, ratio, target } of rows) {
  let goal = '';
  if (target) {
    const met = target.atLeast !== undefined ? ratio >= target.atLeast : ratio <= target.atMost;
    if (!met) missed++;
    goal = `${target.atLeast !== undefined ? `≥ ${target.atLeast}` : `≤ ${target.atMost}`}${target.note ? ` (${target.note})` : ''}: ${met ? 'met' : 'MISSED'}`;
  }
  console.log(`| ${label} | ${value} | ${baseline} | ${fmt(ratio, 2)} | ${goal} |`);
}
for (const failure of failures) console.log(`\nFAILED ${failure}`);
console.log(
  missed ? `\n${missed} target(s) missed` : failures.length ? '\nthe targets measured were met' : '\nall targets met',
);
process.exitCode = failures.length ? 1 : 0;
