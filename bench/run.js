// `npm run bench`: every benchmark, each compared as a ratio against a baseline measured in
// the same run. Never part of `npm test`. Pass names to run a subset: `npm run bench -- lint`.
import { benchServer } from './server.mjs';
import { benchCheck } from './check.mjs';
import { benchLint } from './lint.mjs';
import { fmt } from './lib/measure.mjs';

const all = { server: benchServer, check: benchCheck, lint: benchLint };
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
const rows = [];
for (const name of wanted) {
  if (!all[name]) { console.error(`unknown benchmark '${name}' (one of ${Object.keys(all).join(', ')})`); process.exit(2); }
  process.stderr.write(`bench: ${name}...\n`);
  rows.push(...await all[name]());
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
console.log(missed ? `\n${missed} target(s) missed` : '\nall targets met');
