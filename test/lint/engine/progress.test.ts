// The progress line: lintDocuments reports files, rules and findings as it goes (rule functions
// are counted even inside Spectral's synchronous pass); the line shows only on a TTY, after a
// delay, never with --quiet, and is cleared at the end.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { progressLine } from '../../../src/cli/progress-line.js';
import { lintDocuments } from '../../../src/lint/index.js';
import type { LintProgress } from '../../../src/lint/engine/progress.js';
import { captureIo } from '../../helpers/io.js';

const API = join(import.meta.dirname, '../../fixtures/lint/multi/api.yaml');

describe('lint progress', () => {
  it('reports each phase, the enabled rules and findings counted during the rule pass', async () => {
    const seen: LintProgress[] = [];
    const report = await lintDocuments([API, API], { onProgress: (p) => seen.push(p) });
    const phases = [...new Set(seen.map((p) => p.phase))];
    expect(phases).toEqual(['reading', 'parsing', 'resolving $refs', 'running rules', 'done']);
    expect(seen.every((p) => p.totalFiles === 2 && p.rules > 50)).toBe(true);
    const last = seen.at(-1)!;
    expect(last.files).toBe(2);
    expect(last.findings).toBeGreaterThanOrEqual(report.findings.length);
    expect(seen.some((p) => p.phase === 'running rules' && p.files === 1)).toBe(true);
  });

  it('prints nothing and counts nothing without a sink: findings are the same', async () => {
    const withSink = await lintDocuments([API], { onProgress: () => undefined });
    const without = await lintDocuments([API]);
    expect(without.findings).toEqual(withSink.findings);
  });

  const progress: LintProgress = { files: 0, totalFiles: 1, rules: 93, findings: 21500, phase: 'running rules' };

  it('writes the line on a TTY once the run is older than afterMs, throttled, and clears it', () => {
    const io = captureIo();
    io.isTTY = true;
    let t = 0;
    const line = progressLine(io, false, { afterMs: 1000, everyMs: 100, now: () => t });
    line.sink!(progress);
    expect(io.err).toBe('');
    t = 1000;
    line.sink!(progress);
    t = 1050;
    line.sink!(progress);
    expect(io.err).toBe('\r\u001b[Krestguide lint: 0/1 files, 93 rules, 21,500 findings so far (running rules)');
    line.end();
    expect(io.err.endsWith('\r\u001b[K')).toBe(true);
  });

  it('is off when stderr is not a TTY, and with --quiet', () => {
    const io = captureIo();
    expect(progressLine(io, false).sink).toBeUndefined();
    io.isTTY = true;
    expect(progressLine(io, true).sink).toBeUndefined();
    expect(progressLine(io, false).sink).toBeTypeOf('function');
  });

  it('restguide lint --quiet on a terminal writes nothing to stderr', async () => {
    const io = captureIo();
    io.isTTY = true;
    const code = await main(['lint', API, '--quiet', '--format', 'json'], io);
    expect(code).toBe(1);
    expect(io.err).toBe('');
  });
});
