// The html lint page groups identical findings in a file (one entry, a count, a few locations), so
// a big legacy document gives a page people can open; the by-rule table still counts every one.
import { describe, expect, it } from 'vitest';
import type { LintFinding } from '../../src/core/report/types.js';
import { renderLintReport } from '../../src/reporters/index.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

const naming = (i: number, source = `${LINT_CWD}/specs/big.yaml`): LintFinding => ({
  code: 'jsn-naming',
  severity: 1,
  message: 'Property name "node_id" should be lowerCamelCase',
  path: ['paths', `/r${i}`],
  source,
  range: { start: { line: 10 * i + 4, character: 6 }, end: { line: 10 * i + 4, character: 13 } },
});

describe('html reporter: lint groups', () => {
  const findings = [...Array.from({ length: 1150 }, (_, i) => naming(i)), naming(0, `${LINT_CWD}/specs/other.yaml`)];
  const page = renderLintReport('html', lintReport({ findings }), { color: false, cwd: LINT_CWD });

  it('lists one entry per file for identical code and message, with its count and first locations', () => {
    expect(page.match(/<li class="item finding"/g)).toHaveLength(3); // big.yaml, other.yaml, the ignored one
    expect(page).toContain('<span class="badge count">×1150</span>');
    expect(page).toContain('<code class="where">specs/big.yaml:5:7</code>');
    expect(page).toContain('also at 15:7, 25:7 and 1147 more (every one in the JSON or SARIF report)');
    expect(page).toContain('<code class="where">specs/other.yaml:5:7</code>');
  });

  it('still counts every finding in the by-rule table', () => {
    expect(page).toMatch(/<tr data-rule="jsn-naming"><td>jsn-naming<\/td><td>warning<\/td><td class="n">1151<\/td>/);
  });

  it('lists distinct findings one by one, without a count', () => {
    const plain = renderLintReport('html', lintReport(), { color: false, cwd: LINT_CWD });
    expect(plain.match(/<li class="item finding"/g)).toHaveLength(7);
    expect(plain).not.toContain('class="badge count"');
  });
});
