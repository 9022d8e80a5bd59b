// The full check suite against the embedded server, and CLI start-up next to bare node.
import { fmt, medianRun } from './lib/measure.mjs';

const bin = new URL('../bin/restguide.js', import.meta.url).pathname;

export async function benchCheck() {
  const rows = [];
  const suite = await medianRun([bin, 'check', '--format', 'json'], 3);
  const report = JSON.parse(suite.output);
  rows.push({ label: 'check: full suite vs embedded server, wall ms', value: fmt(suite.ms), baseline: `${report.summary.requests} requests; target 1,500 ms`, ratio: suite.ms / 1500, target: { atMost: 1, note: 'of 1.5 s' } });

  const node = await medianRun(['-e', '0'], 11);
  const version = await medianRun([bin, '--version'], 11);
  rows.push({ label: 'cli: restguide --version, ms', value: fmt(version.ms), baseline: `node -e 0: ${fmt(node.ms)} ms`, ratio: version.ms / node.ms });
  rows.push({ label: 'cli: restguide --version vs 150 ms target', value: fmt(version.ms), baseline: 'target 150 ms', ratio: version.ms / 150, target: { atMost: 1, note: 'of 150 ms' } });
  return rows;
}
