import { describe, expect, it } from 'vitest';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { applyCheckBaseline, checkBaselineOf } from '../../src/core/report/baseline.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { lintReport } from '../fixtures/reports/lint-report.js';

const options = { color: false };

describe('json reporter: check', () => {
  it('prints exactly the DESIGN.md contract, in its order', () => {
    const report = checkReport();
    const parsed = JSON.parse(renderCheckReport('json', report, options));
    // The contract's fields first, in its order; the cleanups list follows (added fields only).
    expect(Object.keys(parsed)).toEqual([
      'tool',
      'version',
      'target',
      'startedAt',
      'durationMs',
      'summary',
      'results',
      'cleanups',
    ]);
    expect(Object.keys(parsed.summary)).toEqual(['passed', 'failed', 'skipped', 'errored', 'requests']);
    expect(parsed.summary).toEqual({ passed: 3, failed: 4, skipped: 1, errored: 1, requests: 42 });
    for (const result of parsed.results) {
      expect(Object.keys(result).slice(0, 7)).toEqual([
        'id',
        'rule',
        'severity',
        'status',
        'resource',
        'message',
        'evidence',
      ]);
    }
    expect(parsed).toEqual({ ...report, cleanups: [] });
  });

  it('keeps hostile evidence byte for byte', () => {
    const report = checkReport();
    const parsed = JSON.parse(renderCheckReport('json', report, options));
    expect(parsed.results[1].evidence[0].response.body).toBe(report.results[1]!.evidence[0]!.response!.body);
    expect(parsed.results[1].evidence[0]).toEqual({
      request: expect.any(Object),
      response: expect.any(Object),
      curl: expect.stringMatching(/^curl /),
    });
  });

  it('adds baseline fields only as optional extras', () => {
    const report = checkReport();
    const applied = applyCheckBaseline(report, checkBaselineOf(report));
    const parsed = JSON.parse(renderCheckReport('json', applied, options));
    expect(parsed.summary).toMatchObject({
      passed: 3,
      failed: 0,
      skipped: 1,
      errored: 0,
      requests: 42,
      known: 5,
      fixed: 0,
    });
    expect(parsed.results.filter((r: { baseline?: string }) => r.baseline === 'known')).toHaveLength(5);
  });
});

describe('json reporter: lint', () => {
  it("is Spectral's bare array of { code, path, message, severity, range, source }, plus each finding's cause", () => {
    const report = lintReport();
    const parsed = JSON.parse(renderLintReport('json', report, options));
    expect(Array.isArray(parsed)).toBe(true);
    expect(parsed).toHaveLength(report.findings.length);
    for (const finding of parsed)
      expect(Object.keys(finding)).toEqual(['code', 'path', 'message', 'severity', 'range', 'source', 'cause']);
    expect(parsed[0]).toEqual({
      code: 'uri-notat',
      path: ['paths', '/Employers'],
      message: 'Path segment "/Employers" must be lowerCamelCase.',
      severity: 0,
      range: { start: { line: 11, character: 2 }, end: { line: 11, character: 12 } },
      source: '/work/project/specs/employers.yaml',
      cause: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    // Six findings of six shapes: six causes.
    expect(new Set(parsed.map((f: { cause: string }) => f.cause)).size).toBe(6);
  });

  it('leaves out ignored and baseline-known findings, which do not count', () => {
    const report = lintReport();
    const known = {
      ...report,
      findings: report.findings.map((f, i) => (i === 0 ? { ...f, baseline: 'known' as const } : f)),
    };
    const parsed = JSON.parse(renderLintReport('json', known, options));
    expect(parsed.map((f: { code: string }) => f.code)).not.toContain('uri-notat');
    expect(parsed.map((f: { code: string }) => f.code)).not.toContain('id-numer');
    expect(parsed).toHaveLength(report.findings.length - 1);
  });

  it('prints [] for a clean run', () => {
    expect(JSON.parse(renderLintReport('json', lintReport({ findings: [] }), options))).toEqual([]);
  });
});
