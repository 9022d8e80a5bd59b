import { describe, expect, it } from 'vitest';
import { REPORT_FORMATS, renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

describe('the format map', () => {
  it('offers the six documented formats', () => {
    expect([...REPORT_FORMATS]).toEqual(['stylish', 'json', 'junit', 'sarif', 'github', 'html']);
  });

  it.each(REPORT_FORMATS)('%s is pure: same report, same text, input untouched', (format) => {
    const check = checkReport();
    const lint = lintReport();
    const before = JSON.stringify([check, lint]);
    const options = { color: false, cwd: LINT_CWD };
    expect(renderCheckReport(format, check, options)).toBe(renderCheckReport(format, checkReport(), options));
    expect(renderLintReport(format, lint, options)).toBe(renderLintReport(format, lintReport(), options));
    expect(JSON.stringify([check, lint])).toBe(before);
  });

  it.each(REPORT_FORMATS)('%s renders an empty run', (format) => {
    const empty = checkReport({ results: [] });
    const clean = { ...lintReport({ findings: [] }), ignored: [], sources: [] };
    // Every format says something about a clean run (GitHub a notice line: a sign of life in CI).
    const expected = expect.stringMatching(/\S/);
    expect(renderCheckReport(format, empty, { color: false })).toEqual(expected);
    expect(renderLintReport(format, clean, { color: false })).toEqual(expected);
  });
});
