import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyCheckBaseline,
  applyLintBaseline,
  checkFingerprint,
  lintFingerprint,
  readBaseline,
  writeCheckBaseline,
  writeLintBaseline,
} from '../../src/core/report/baseline.js';
import { UsageError } from '../../src/core/util/errors.js';
import type { CheckResult } from '../../src/core/report/types.js';
import { checkReport, checkResults } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintFindings, lintReport } from '../fixtures/reports/lint-report.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'restguide-baseline-'));
const failed = (results: CheckResult[]) => results.filter((r) => r.status === 'fail' && r.baseline !== 'known');

describe('check baseline', () => {
  it('round trips: the same report against its own baseline has no counted failure', async () => {
    const file = join(await tempDir(), 'nested', 'check-baseline.json');
    const report = checkReport();
    await writeCheckBaseline(file, report);
    const applied = applyCheckBaseline(report, await readBaseline(file));
    // The errored check is in the baseline too: known, it no longer fails the gate.
    expect(applied.summary).toMatchObject({
      failed: 0,
      known: 5,
      fixed: 0,
      passed: 3,
      skipped: 1,
      errored: 0,
      findings: 0,
    });
    expect(failed(applied.results)).toEqual([]);
    expect(applied.results.filter((r) => r.baseline === 'known').map((r) => r.id)).toEqual([
      'problem.type-urn',
      'paging.next-link',
      'paging.page-size',
      'http.method-not-allowed',
      'select.fields',
    ]);
  });

  it('writes a sorted, origin-free file', async () => {
    const file = join(await tempDir(), 'b.json');
    await writeCheckBaseline(file, checkReport(), { now: new Date('2025-02-03T00:00:00Z') });
    const data = JSON.parse(await readFile(file, 'utf8'));
    expect(data).toMatchObject({ tool: 'restguide', kind: 'check', version: 1, createdAt: '2025-02-03T00:00:00.000Z' });
    expect(data.entries.map((e: { id: string }) => e.id)).toEqual([
      'http.method-not-allowed',
      'paging.next-link',
      'paging.page-size',
      'problem.type-urn',
      'select.fields',
    ]);
    expect(data.entries[0]).toMatchObject({ id: 'http.method-not-allowed', status: 'error', resource: '/health' });
    data.entries.shift();
    expect(data.entries[0]).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      id: 'paging.next-link',
      rule: 'col-paging',
      severity: 'error',
      resource: '/employers',
      messageId: 'missingNext',
      message: 'Page 1 of /employers has 2 items but no `next` link.',
    });
    expect(JSON.stringify(data)).not.toContain('127.0.0.1');
  });

  it('still fails a new failure, and reports a failure that went away as fixed', async () => {
    const file = join(await tempDir(), 'b.json');
    await writeCheckBaseline(file, checkReport());
    const results = checkResults().map((r): CheckResult => {
      if (r.id === 'paging.next-link')
        return { ...r, status: 'pass', message: 'ok', evidence: [], messageId: undefined };
      if (r.id === 'trace.header')
        return { ...r, status: 'fail', messageId: 'missing', message: 'No BelGov-Trace-Id.' };
      return r;
    });
    const applied = applyCheckBaseline(checkReport({ results }), await readBaseline(file));
    expect(failed(applied.results).map((r) => r.id)).toEqual(['trace.header']);
    expect(applied.summary).toMatchObject({ failed: 1, known: 4, fixed: 1, passed: 3, errored: 0 });
    const fixed = applied.results.filter((r) => r.baseline === 'fixed');
    expect(fixed).toEqual([
      expect.objectContaining({
        id: 'paging.next-link',
        status: 'pass',
        resource: '/employers',
        rule: 'col-paging',
        evidence: [],
      }),
    ]);
  });

  it('does not call fixed what did not run, was skipped or errored', async () => {
    const file = join(await tempDir(), 'b.json');
    await writeCheckBaseline(file, checkReport());
    const results = checkResults()
      .filter((r) => r.id !== 'select.fields')
      .map((r): CheckResult => (r.id === 'paging.next-link' ? { ...r, status: 'skip', evidence: [] } : r));
    const applied = applyCheckBaseline(checkReport({ results }), await readBaseline(file));
    expect(applied.summary).toMatchObject({ failed: 0, known: 3, fixed: 0 });
  });

  it('an error not in the baseline stays counted; one that now passes is fixed', async () => {
    const file = join(await tempDir(), 'b.json');
    const before = checkReport();
    await writeCheckBaseline(file, { ...before, results: before.results.filter((r) => r.status !== 'error') });
    const applied = applyCheckBaseline(before, await readBaseline(file));
    expect(applied.summary).toMatchObject({ errored: 1, known: 4 });
    await writeCheckBaseline(file, before);
    const results = checkResults().map((r): CheckResult =>
      r.status === 'error' ? { ...r, status: 'pass', evidence: [] } : r,
    );
    const later = applyCheckBaseline(checkReport({ results }), await readBaseline(file));
    expect(later.summary).toMatchObject({ errored: 0, known: 4, fixed: 1 });
    expect(later.results.filter((r) => r.baseline === 'fixed').map((r) => r.id)).toEqual(['http.method-not-allowed']);
  });

  it('treats a different message id on the same resource as a new failure', () => {
    const report = checkReport();
    const baseline = {
      tool: 'restguide' as const,
      kind: 'check' as const,
      version: 1 as const,
      createdAt: '',
      entries: [
        {
          fingerprint: checkFingerprint({ id: 'paging.next-link', resource: '/employers', messageId: 'other' }),
          id: 'paging.next-link',
          rule: 'col-paging',
          severity: 'error' as const,
          resource: '/employers',
          messageId: 'other',
          message: 'x',
        },
      ],
    };
    const applied = applyCheckBaseline(report, baseline);
    expect(applied.summary).toMatchObject({ failed: 4, known: 0, fixed: 1 });
  });

  it('fingerprints ignore host, port, timestamps and durations', () => {
    const a = checkReport({ origin: 'http://127.0.0.1:4010', startedAt: '2025-01-01T00:00:00Z', durationMs: 1 });
    const b = checkReport({
      origin: 'https://api.staging.example.be:8443',
      startedAt: '2026-06-06T06:06:06Z',
      durationMs: 99999,
    });
    b.results.forEach((r) => {
      r.durationMs = 777;
    });
    expect(b.results.map(checkFingerprint)).toEqual(a.results.map(checkFingerprint));
    expect(
      applyCheckBaseline(b, { tool: 'restguide', kind: 'check', version: 1, createdAt: '', entries: [] }).summary
        .failed,
    ).toBe(4);
    const baselineOfA = {
      tool: 'restguide' as const,
      kind: 'check' as const,
      version: 1 as const,
      createdAt: '',
      entries: a.results
        .filter((r) => r.status === 'fail')
        .map((r) => ({
          fingerprint: checkFingerprint(r),
          id: r.id,
          rule: r.rule,
          severity: r.severity,
          resource: r.resource,
          message: r.message,
        })),
    };
    expect(applyCheckBaseline(b, baselineOfA).summary.failed).toBe(0);
    expect(checkFingerprint({ id: 'x.y', resource: '/a?b=1' })).not.toBe(
      checkFingerprint({ id: 'x.y', resource: '/a?b=2' }),
    );
  });
});

describe('lint baseline', () => {
  it('round trips, keeps new findings counted and lists fixed ones', async () => {
    const file = join(await tempDir(), 'lint-baseline.json');
    const report = lintReport();
    await writeLintBaseline(file, report, { cwd: LINT_CWD });
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.kind).toBe('lint');
    expect(saved.entries[0]).toMatchObject({ source: 'specs/companies.json', code: 'evo-object' });
    const baseline = await readBaseline(file);

    const same = applyLintBaseline(report, baseline, { cwd: LINT_CWD });
    expect(same.summary).toMatchObject({ errors: 0, warnings: 0, infos: 0, hints: 0, ignored: 1, known: 6, fixed: 0 });

    const findings = lintFindings().slice(1);
    findings.push({ ...findings[0]!, code: 'new-rule', message: 'new' });
    const later = applyLintBaseline(lintReport({ findings }), baseline, { cwd: LINT_CWD });
    expect(later.findings.filter((f) => f.baseline !== 'known').map((f) => f.code)).toEqual(['new-rule']);
    expect(later.summary).toMatchObject({ errors: 1, warnings: 0, known: 5, fixed: 1 });
    expect(later.fixed).toEqual([
      expect.objectContaining({
        code: 'uri-notat',
        source: `${LINT_CWD}/specs/employers.yaml`,
        baseline: 'fixed',
        severity: 0,
      }),
    ]);
  });

  it('fingerprints ignore line numbers and the checkout folder, not the JSON path', () => {
    const here = lintFindings('/home/ci/build-1');
    const there = lintFindings('/tmp/other-checkout').map((f) => ({
      ...f,
      range: { start: { line: f.range.start.line + 40, character: 0 }, end: { line: 99, character: 1 } },
    }));
    expect(there.map((f) => lintFingerprint(f, '/tmp/other-checkout'))).toEqual(
      here.map((f) => lintFingerprint(f, '/home/ci/build-1')),
    );
    const moved = { ...here[0]!, path: ['paths', '/employers'] };
    expect(lintFingerprint(moved, '/home/ci/build-1')).not.toBe(lintFingerprint(here[0]!, '/home/ci/build-1'));
  });

  it('does not report a source that was not linted this time as fixed', async () => {
    const report = lintReport();
    const file = join(await tempDir(), 'b.json');
    await writeLintBaseline(file, report, { cwd: LINT_CWD });
    const onlyCompanies = {
      ...lintReport({ findings: lintFindings().filter((f) => f.source.endsWith('companies.json')) }),
      sources: [`${LINT_CWD}/specs/companies.json`],
    };
    expect(applyLintBaseline(onlyCompanies, await readBaseline(file), { cwd: LINT_CWD }).summary).toMatchObject({
      known: 2,
      fixed: 0,
    });
  });
});

describe('readBaseline', () => {
  it('rejects a missing, invalid or foreign file with one line', async () => {
    const dir = await tempDir();
    const cases: Array<[string, string | undefined, RegExp]> = [
      ['missing.json', undefined, /cannot read baseline .*missing\.json: no such file or folder \(ENOENT\)/],
      ['broken.json', '{ not json', /is not valid JSON/],
      [
        'other.json',
        JSON.stringify({ tool: 'spectral', kind: 'lint', version: 1, entries: [] }),
        /tool is not "restguide"/,
      ],
      [
        'entries.json',
        JSON.stringify({ tool: 'restguide', kind: 'check', version: 1, entries: [{ fingerprint: 'x' }] }),
        /entry 0 lacks/,
      ],
    ];
    for (const [name, content, message] of cases) {
      if (content !== undefined) await writeFile(join(dir, name), content);
      const error = await readBaseline(join(dir, name)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('refuses a lint baseline for check and the reverse', async () => {
    const file = join(await tempDir(), 'lint.json');
    await writeLintBaseline(file, lintReport(), { cwd: LINT_CWD });
    const baseline = await readBaseline(file);
    expect(() => applyCheckBaseline(checkReport(), baseline)).toThrow(UsageError);
  });

  it('fails to write a baseline under a file with a UsageError', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'file'), 'x');
    await expect(writeCheckBaseline(join(dir, 'file', 'b.json'), checkReport())).rejects.toThrow(
      /cannot write baseline .*: .*\((ENOTDIR|EEXIST)\)$/,
    );
  });
});
