import { describe, expect, it } from 'vitest';
import { renderCheckReport, renderDiffReport, renderLintReport } from '../../src/reporters/index.js';
import {
  applyCheckBaseline,
  applyLintBaseline,
  checkBaselineOf,
  lintBaselineOf,
} from '../../src/core/report/baseline.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';
import { guideAnchor, type LintFinding } from '../../src/core/report/types.js';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[/;

describe('stylish reporter: check', () => {
  const text = renderCheckReport('stylish', checkReport(), { color: false });

  it('groups by area in the documented order', () => {
    const headings = text.split('\n').filter((line) => /^[a-z]+$/.test(line));
    expect(headings).toEqual(['problem', 'trace', 'http', 'paging', 'select', 'health']);
  });

  it('shows each result with a mark, id, resource and message', () => {
    expect(text).toContain('✔ problem.content-type  http://127.0.0.1:4010/employers/xyz  Errors are problem+json.');
    expect(text).toContain(
      '✖ paging.next-link  http://127.0.0.1:4010/employers  Page 1 of /employers has 2 items but no `next` link.',
    );
    expect(text).toContain('⚠ paging.page-size');
    expect(text).toContain('○ paging.cursor');
    expect(text).toContain('! http.method-not-allowed');
  });

  it('shows the evidence and curl line of a failure, one line per body excerpt', () => {
    expect(text).toContain('→ GET http://127.0.0.1:4010/employers?pageSize=2');
    expect(text).toContain('← 200 application/json');
    expect(text).toContain(`$ curl -i -X GET 'http://127.0.0.1:4010/employers?pageSize=2'`);
    expect(text).toContain('{"title":"?[31mred?[0m ? Zoë – 日本語 🚀","detail":"</script><script>');
    expect(text).not.toContain('\u0007');
    expect(text).not.toContain('\u001b');
  });

  it('ends with the summary and uses no ANSI codes when color is off', () => {
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '3 passed, 4 failed, 1 skipped, 1 errored, 42 requests, 1.23s — 1 check errored: a gate never passes what it could not verify',
    );
    expect(text).not.toMatch(ANSI);
  });

  it('colours when asked, and never passes a body’s escape sequences through', () => {
    const coloured = renderCheckReport('stylish', checkReport(), { color: true });
    expect(coloured).toMatch(ANSI);
    expect(coloured).not.toContain('\u001b[31mred');
  });

  it('notes known and fixed baseline entries', () => {
    const report = checkReport();
    const baseline = checkBaselineOf(report);
    const later = checkReport({
      results: report.results.map((r) =>
        r.id === 'paging.next-link' ? { ...r, status: 'pass' as const, messageId: undefined } : r,
      ),
    });
    const out = renderCheckReport('stylish', applyCheckBaseline(later, baseline), { color: false });
    expect(out).toContain('(known: in the baseline)');
    expect(out).toContain('(fixed since the baseline)');
    expect(out).toContain('4 known (baseline), 1 fixed');
    expect(out).toContain('4 known (baseline), 1 fixed');
    expect(out).toContain(', 0 failed, ');
  });
});

describe('stylish reporter: lint', () => {
  const text = renderLintReport('stylish', lintReport(), { color: false, cwd: LINT_CWD });

  it('groups by source file, relative to cwd', () => {
    expect(text).toContain('specs/employers.yaml\n');
    expect(text).toContain('specs/companies.json\n');
    expect(text.indexOf('specs/companies.json')).toBeLessThan(text.indexOf('specs/employers.yaml'));
  });

  it('prints line:col severity code message path (1-based positions)', () => {
    expect(text).toMatch(
      / 12:3 +error +uri-notat +Path segment "\/Employers" must be lowerCamelCase\. +paths\.\/Employers/,
    );
    expect(text).toMatch(/ 1:1 +hint +oas-yaml/);
  });

  it('keeps each finding on one line, sorted by line within its source', () => {
    expect(text).toMatch(
      / 18:5 +warning +stat-codes-get +GET should declare 200, 400, 500: 400 missing, 500 missing +paths/,
    );
    const lines = text
      .split('\n')
      .filter((line) => /^ \d+:\d+/.test(line))
      .map((line) => Number(line.trim().split(':')[0]));
    expect(lines).toEqual([1, 34, 12, 18, 21, 61]);
  });

  it('sums up errors, warnings, infos, hints and the ignored count, without ANSI codes', () => {
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '✖ 6 problems from 6 causes (2 errors, 2 warnings, 1 info, 1 hint) 1 ignored',
    );
    expect(text).not.toMatch(ANSI);
  });

  it('notes known and fixed findings and counts only new ones', () => {
    const report = lintReport();
    const baseline = lintBaselineOf(report, { cwd: LINT_CWD });
    const later = lintReport({ findings: report.findings.slice(1) });
    const out = renderLintReport('stylish', applyLintBaseline(later, baseline, { cwd: LINT_CWD }), {
      color: false,
      cwd: LINT_CWD,
    });
    expect(out).toContain('(known: in the baseline)');
    expect(out).toContain('(fixed since the baseline)');
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      '✔ 0 problems (0 errors, 0 warnings, 0 infos, 0 hints) 1 ignored, 5 known (baseline), 1 fixed',
    );
  });

  it('says in the summary line when warnings alone fail the run, and only then', () => {
    const report = lintReport();
    const warningsOnly = lintReport({ findings: report.findings.filter((f) => f.severity === 1) });
    const last = (r: typeof report, failOn?: 'error' | 'warning' | 'info') =>
      renderLintReport('stylish', r, { color: false, cwd: LINT_CWD, ...(failOn ? { failOn } : {}) })
        .trimEnd()
        .split('\n')
        .at(-1);
    expect(last(warningsOnly, 'warning')).toBe(
      "✖ 2 problems from 2 causes (0 errors, 2 warnings, 0 infos, 0 hints) 1 ignored — warnings alone fail this run (--fail-on warning, the default; Spectral's is error)",
    );
    expect(last(warningsOnly, 'error')).not.toContain('fail this run');
    expect(last(report, 'warning')).not.toContain('fail this run'); // errors fail it anyway
    const infosOnly = lintReport({ findings: report.findings.filter((f) => f.severity === 2) });
    expect(last(infosOnly, 'warning')).not.toContain('fail this run');
    expect(last(infosOnly, 'info')).toContain('warnings and infos alone fail this run (--fail-on info)');
  });
});

describe('stylish reporter: lint on a big document', () => {
  const source = `${LINT_CWD}/specs/big.yaml`;
  const naming = (i: number): LintFinding => ({
    code: 'jsn-naming',
    severity: 1,
    message: 'Property name "node_id" should be lowerCamelCase',
    path: ['paths', `/r${i}`, 'get'],
    source,
    range: { start: { line: 10 * i + 4, character: 6 }, end: { line: 10 * i + 4, character: 13 } },
  });
  const long: LintFinding = {
    code: 'uri-format',
    severity: 1,
    message: `Server URL "${'x'.repeat(150)}" should look like https://host/[pathPrefix/]apiName/v{major} with words that wrap`,
    path: ['servers', 0, 'url'],
    source,
    range: { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } },
  };
  const findings = [long, ...Array.from({ length: 1150 }, (_, i) => naming(i))];
  const text = renderLintReport('stylish', lintReport({ findings }), { color: false, cwd: LINT_CWD });
  const lines = text.split('\n');

  it('groups identical code and message in a file: the first, a count and the next locations', () => {
    expect(lines.filter((l) => l.includes('jsn-naming') && l.includes('node_id'))).toHaveLength(1);
    expect(text).toContain(' 5:7 ');
    expect(text).toMatch(/×1,150: also at 15:7, 25:7 and 1,147 more \(every one in --format json or sarif\)/);
    expect(text.length).toBeLessThan(5_000);
  });

  it('caps column padding and wraps long messages instead of padding every line', () => {
    const findingLines = lines.filter((l) => /^ \d+:\d+ /.test(l));
    // position 10 + severity 7 + code 24 + message 80 + separators, then the path
    for (const line of findingLines) expect(line.length).toBeLessThan(1 + 10 + 7 + 24 + 80 + 8 + 40);
    expect(text).toContain('with words that');
    expect(lines.some((l) => /^ {20,}\S/.test(l) && l.trim() === 'wrap')).toBe(true);
  });

  it('ends with a per-rule table, most frequent first, before the summary line', () => {
    const table = lines.slice(lines.findIndex((l) => /^ rule +severity +findings$/.test(l)));
    expect(table[1]).toMatch(/^ jsn-naming +warning +1,150$/);
    expect(table[2]).toMatch(/^ uri-format +warning +1$/);
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '✖ 1151 problems from 2 causes (0 errors, 1151 warnings, 0 infos, 0 hints) 1 ignored',
    );
  });
});

describe('stylish --show-documentation-url', () => {
  // A link per check id of the fixture, as the catalogue gives the real ones (test/cli/habits.test.ts).
  const report = checkReport();
  const rules = report.results.map((r) => ({
    kind: 'check' as const,
    id: r.id,
    rule: r.rule,
    severity: r.severity,
    writes: false,
    description: '',
    url: guideAnchor(r.rule),
  }));

  it('check: a guide: line under each failed or errored check, none under passes and skips, none without the flag', () => {
    const text = renderCheckReport('stylish', report, { color: false, rules, showDocumentationUrl: true });
    const lines = text.split('\n');
    const guideLines = lines.filter((line) => line.trim().startsWith('guide:'));
    expect(guideLines.map((line) => line.trim()).sort()).toEqual(
      report.results
        .filter((r) => r.status === 'fail' || r.status === 'error')
        .map((r) => `guide: ${guideAnchor(r.rule)}`)
        .sort(),
    );
    expect(guideLines.length).toBe(5);
    expect(renderCheckReport('stylish', report, { color: false, rules })).not.toContain('guide:');
  });
});

describe('stylish reporter: one entry per cause', () => {
  const source = `${LINT_CWD}/specs/generated.yaml`;
  const opId = (name: string, line: number): LintFinding => ({
    code: 'openapi-opid-case',
    severity: 1,
    message: `operationId "${name}" should be lowerCamelCase`,
    path: ['paths', `/${name}`, 'get', 'operationId'],
    source,
    range: { start: { line, character: 4 }, end: { line, character: 20 } },
  });
  const findings = ['GetUsers', 'GetOrders', 'GetItems', 'GetLines', 'GetNotes'].map((name, i) => opId(name, 10 * i));

  it('lint: findings naming each its own value are one entry, the first as the example', () => {
    const lines = renderLintReport('stylish', lintReport({ findings }), { color: false, cwd: LINT_CWD }).split('\n');
    expect(lines.filter((l) => l.includes('openapi-opid-case') && /^ \d+:\d+ /.test(l))).toHaveLength(1);
    expect(lines.join('\n')).toContain('operationId "GetUsers" should be lowerCamelCase');
    expect(lines.join('\n')).toMatch(/×5: also at 11:5, 21:5 and 2 more/);
    expect(lines.at(-2)).toMatch(/^✖ 5 problems from 1 cause \(/);
  });

  it('diff: each change its own entry, and no causes in the summary', () => {
    const text = renderDiffReport('stylish', lintReport({ findings }), { color: false, cwd: LINT_CWD });
    expect(text.split('\n').filter((l) => l.includes('openapi-opid-case') && /^ \d+:\d+ /.test(l))).toHaveLength(5);
    expect(text).not.toContain('cause');
  });
});
