// The summary counts checks (a check with many findings fails once) and findings apart; the
// stylish, junit, html and github summaries say the same.
import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/core/engine/summary.js';
import type { CheckReport, CheckResult } from '../../src/core/report/types.js';
import { renderCheckReport } from '../../src/reporters/index.js';

const result = (id: string, status: CheckResult['status'], messageId?: string): CheckResult => ({
  id,
  rule: 'col-paging',
  severity: 'error',
  status,
  resource: '/employers',
  message: `${id} ${messageId ?? status}`,
  ...(messageId ? { messageId } : {}),
  evidence: [],
});

const results: CheckResult[] = [
  ...Array.from({ length: 30 }, (_, i) => result('paging.next-link', 'fail', `m${i}`)),
  result('paging.full-walk', 'fail', 'cycle'),
  result('sort.ascending', 'pass'),
  result('sort.descending', 'skip'),
  result('filter.equality', 'error'),
  // A check that failed and whose cleanup errored fails once.
  result('create.created-201', 'fail', 'not201'),
  result('create.created-201', 'error'),
];
const report: CheckReport = {
  tool: 'restguide',
  version: '0',
  target: 'http://127.0.0.1:1',
  startedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 1,
  summary: summarize(results, 40),
  results,
};

describe('summary counts', () => {
  it('counts checks, and findings apart', () => {
    expect(report.summary).toEqual({ passed: 1, failed: 3, skipped: 1, errored: 1, requests: 40, findings: 32 });
  });

  it('stylish, html, github and markdown say so in the same words', () => {
    expect(renderCheckReport('stylish', report, { color: false })).toContain(
      '1 passed, 32 findings in 3 failed checks, 1 skipped, 1 errored',
    );
    expect(renderCheckReport('html', report, { color: false })).toContain(
      '1 passed, 32 findings in 3 failed checks, 1 skipped, 1 errored',
    );
    expect(renderCheckReport('markdown', report, { color: false })).toContain(
      '1 passed, 32 findings in 3 failed checks, 1 skipped, 1 errored',
    );
    expect(renderCheckReport('github', report, { color: false })).toContain(
      '::notice title=restguide check::1 passed, 32 findings in 3 failed checks, 1 skipped, 1 errored: 1 check errored',
    );
  });

  it('junit has one testcase per check run, its findings together', () => {
    const xml = renderCheckReport('junit', report, { color: false });
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toContain('name="paging.next-link /employers"');
    expect(xml).toContain('message="30 findings: paging.next-link m0"');
    expect(xml.match(/<failure /g)).toHaveLength(3);
  });
});
