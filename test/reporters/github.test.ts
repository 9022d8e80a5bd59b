import { describe, expect, it } from 'vitest';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { escapeData, escapeProperty } from '../../src/reporters/github.js';
import { applyCheckBaseline, checkBaselineOf } from '../../src/core/report/baseline.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

describe('github reporter', () => {
  it('escapes %, CR and LF in messages, and also : and , in properties', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab%3A c%2C d');
  });

  it('annotates each check failure (by severity) and check error, one line each', () => {
    const lines = renderCheckReport('github', checkReport(), { color: false }).trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      '::error title=problem.type-urn http%3A//127.0.0.1%3A4010/employers/xyz::The problem type "about:blank" is not a urn:problem-type: URN <&>.' +
        "%0Acurl -i -X GET 'http://127.0.0.1:4010/employers/xyz' -H 'Accept: application/json' -H 'Authorization: [redacted]'",
    );
    // The errored check fails the gate, so it is an error annotation; the summary closes the log.
    expect(lines.map((line) => line.slice(0, line.indexOf(' ')))).toEqual([
      '::error',
      '::error',
      '::warning',
      '::error',
      '::notice',
      '::notice',
    ]);
    expect(lines[5]).toBe(
      '::notice title=restguide check::3 passed, 4 failed, 1 skipped, 1 errored: 1 check errored: a gate never passes what it could not verify',
    );
    expect(lines[3]).toContain('::check errored: Request timed out');
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) [^:]*::[^\n\r]*$/);
  });

  it('stays quiet about known baseline failures', () => {
    const report = checkReport();
    const lines = renderCheckReport('github', applyCheckBaseline(report, checkBaselineOf(report)), { color: false })
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^::notice title=restguide check::3 passed, 0 failed, 1 skipped, 0 errored$/),
    ]);
  });

  it('annotates lint findings at file, line and column relative to the workspace, then sums up', () => {
    const lines = renderLintReport('github', lintReport(), { color: false, cwd: LINT_CWD }).trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(
      '::error file=specs/employers.yaml,line=12,col=3,endLine=12,endColumn=13,title=uri-notat::Path segment "/Employers" must be lowerCamelCase. (paths./Employers)',
    );
    expect(lines[2]).toBe(
      '::warning file=specs/employers.yaml,line=18,col=5,endLine=18,endColumn=15,title=stat-codes-get::GET should declare 200, 400, 500:%0A  400 missing, 500 missing (paths./Employers.get.responses)',
    );
    expect(lines[4]).toContain('::notice file=specs/companies.json,line=1,col=1');
    expect(lines[4]).toContain('title: a,b:c %25.');
    expect(lines[6]).toBe(
      '::notice title=restguide lint::6 problems from 6 causes (2 errors, 2 warnings, 1 info, 1 hint) in 3 documents, 1 ignored',
    );
  });

  it('prints one notice line for a clean run, so a CI log shows it ran', () => {
    const clean = lintReport({ findings: [] });
    expect(renderLintReport('github', clean, { color: false })).toBe(
      `::notice title=restguide lint::nothing to report in ${clean.sources.length} documents (${clean.summary.ignored} ignored)\n`,
    );
    const passing = checkReport({
      results: checkReport().results.filter((r) => r.status === 'pass' || r.status === 'skip'),
    });
    const line = renderCheckReport('github', passing, { color: false });
    expect(line).toMatch(
      /^::notice title=restguide check::\d+ passed, 0 failed( \(0 findings\))?, \d+ skipped, 0 errored\n$/,
    );
  });
});
