import { describe, expect, it } from 'vitest';
import {
  CHECK_FORMATS,
  DIFF_FORMATS,
  LINT_FORMATS,
  REPORT_FORMATS,
  renderCheckReport,
  renderDiffReport,
  renderLintReport,
} from '../../src/reporters/index.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { DIFF_CWD, diffReport } from '../fixtures/reports/diff-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

describe('the format map', () => {
  it('offers the documented formats, markdown for check and diff only', () => {
    expect([...REPORT_FORMATS]).toEqual(['stylish', 'json', 'junit', 'sarif', 'github', 'html', 'gitlab', 'markdown']);
    expect([...LINT_FORMATS]).toEqual(['stylish', 'json', 'junit', 'sarif', 'github', 'html', 'gitlab']);
    expect([...CHECK_FORMATS]).toEqual([...LINT_FORMATS, 'markdown']);
    expect([...DIFF_FORMATS]).toEqual([...LINT_FORMATS, 'markdown']);
    expect(() => renderLintReport('markdown', lintReport(), { color: false })).toThrow(/lint has no markdown report/);
  });

  it.each(CHECK_FORMATS)('%s is pure: same report, same text, input untouched', (format) => {
    const check = checkReport();
    const lint = lintReport();
    const before = JSON.stringify([check, lint]);
    const options = { color: false, cwd: LINT_CWD };
    expect(renderCheckReport(format, check, options)).toBe(renderCheckReport(format, checkReport(), options));
    if (format !== 'markdown')
      expect(renderLintReport(format, lint, options)).toBe(renderLintReport(format, lintReport(), options));
    expect(JSON.stringify([check, lint])).toBe(before);
  });

  it.each(DIFF_FORMATS)('diff %s is pure and renders an empty diff', (format) => {
    const report = diffReport();
    const before = JSON.stringify(report);
    const options = { color: false, cwd: DIFF_CWD };
    expect(renderDiffReport(format, report, options)).toBe(renderDiffReport(format, diffReport(), options));
    expect(JSON.stringify(report)).toBe(before);
    expect(renderDiffReport(format, diffReport({ findings: [] }), options)).toMatch(/\S/);
  });

  it.each(CHECK_FORMATS)('%s renders an empty run', (format) => {
    const empty = checkReport({ results: [] });
    const clean = { ...lintReport({ findings: [] }), ignored: [], sources: [] };
    // Every format says something about a clean run (GitHub a notice line: a sign of life in CI; GitLab `[]`).
    const expected = expect.stringMatching(/\S/);
    expect(renderCheckReport(format, empty, { color: false })).toEqual(expected);
    if (format !== 'markdown') expect(renderLintReport(format, clean, { color: false })).toEqual(expected);
  });
});
