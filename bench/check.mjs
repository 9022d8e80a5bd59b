// The full check suite against the embedded server, and CLI start-up, each interleaved with bare node.
import { fmt, interleavedRuns } from './lib/measure.mjs';

const bin = new URL('../bin/restguide.js', import.meta.url).pathname;
const bareNode = { args: ['-e', '0'], accept: (r) => r.code === 0 };

export async function benchCheck() {
  const rows = [];
  // Exit 0 or 1 (findings) are real runs; 2 or a crash is not, and must not look fast.
  const [suite, node] = await interleavedRuns(
    [
      {
        args: [bin, 'check', '--format', 'json'],
        accept: (r) => (r.code === 0 || r.code === 1) && r.output.trim().startsWith('{'),
      },
      bareNode,
    ],
    5,
  );
  const report = JSON.parse(suite.result.output);
  const { summary } = report;
  rows.push({
    label: `check: full suite vs embedded server, wall ms (${summary.requests} requests, ${summary.passed} passed, ${summary.failed} failed, in-process ${fmt(report.durationMs)} ms)`,
    // 1.8 s since every answer is judged and the run reads across the data (docs/performance.md, "Judging every answer").
    value: fmt(suite.ms),
    baseline: `node -e 0: ${fmt(node.ms)} ms; ratio = value ÷ 1,800 ms`,
    ratio: suite.ms / 1800,
    target: { atMost: 1, note: '1.8 s' },
  });

  const [version, node2] = await interleavedRuns(
    [{ args: [bin, '--version'], accept: (r) => r.code === 0 && /^\d+\.\d+\.\d+/.test(r.output) }, bareNode],
    11,
  );
  rows.push({
    label: 'cli: restguide --version, ms',
    value: fmt(version.ms),
    baseline: `node -e 0: ${fmt(node2.ms)} ms`,
    ratio: version.ms / node2.ms,
  });
  rows.push({
    label: 'cli: restguide --version vs the 150 ms target',
    value: fmt(version.ms),
    baseline: `node -e 0: ${fmt(node2.ms)} ms; ratio = value ÷ 150 ms`,
    ratio: version.ms / 150,
    target: { atMost: 1, note: '150 ms' },
  });
  return rows;
}
