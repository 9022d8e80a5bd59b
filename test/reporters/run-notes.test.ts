// Every format says what the run's cleanups could not remove, and the transient answers it met.
import { describe, expect, it } from 'vitest';
import type { CheckReport, CheckResult, CleanupRecord } from '../../src/core/report/types.js';
import { summarize } from '../../src/core/engine/summary.js';
import { CHECK_FORMATS, renderCheckReport } from '../../src/reporters/index.js';
import { cleanupLine, transientLine } from '../../src/reporters/run-notes.js';
import { checkReport } from '../fixtures/reports/check-report.js';

const LEFT_URL = 'http://127.0.0.1:4010/employers/5000000123';
const cleanups: CleanupRecord[] = [
  {
    check: 'create.location-201',
    resource: '/employers',
    method: 'DELETE',
    url: 'http://127.0.0.1:4010/employers/5000000001',
    status: 204,
    outcome: 'cleaned',
  },
  {
    check: 'patch.merges',
    resource: '/employers/{employerId}',
    method: 'DELETE',
    url: LEFT_URL,
    status: 429,
    outcome: 'left',
    reason: 'the API kept answering 429 (5 tries over 4.1 s)',
  },
];

function withRunNotes(left: boolean): CheckReport {
  const report = checkReport();
  return {
    ...report,
    summary: {
      ...report.summary,
      transient: { met: { 429: 7, reset: 2 }, retries: 8, waitedMs: 6400, gaveUp: 1 },
      cleanups: { cleaned: 1, left: left ? 1 : 0 },
    },
    cleanups: left ? cleanups : cleanups.slice(0, 1),
  };
}

describe('run notes', () => {
  it('word the transient answers and the cleanups', () => {
    const report = withRunNotes(true);
    expect(transientLine(report.summary)).toBe(
      'met 9 transient answers (429 ×7, reset ×2), retried 8 requests, waited 6.4 s; 1 request still met one when its tries ran out',
    );
    expect(cleanupLine(report)).toBe('cleanups: 1 of 2 writes failed, so a record may be left in the API');
    expect(cleanupLine(withRunNotes(false))).toBe('cleanups: 1 write, each undid what the run made');
    expect(transientLine(checkReport().summary)).toBeUndefined();
    expect(cleanupLine(checkReport())).toBeUndefined();
  });

  it('word a record left because the run could not prove it made it, apart from failed writes', () => {
    const unproven: CleanupRecord = {
      check: 'create.created-201',
      resource: '/employers',
      method: 'DELETE',
      url: 'http://127.0.0.1:4010/employers/93',
      outcome: 'left',
      reason:
        'left: could not prove it was ours (http://127.0.0.1:4010/employers/93 is a sample document of the profile), so it was not deleted',
    };
    const report = withRunNotes(true);
    expect(cleanupLine({ ...report, cleanups: [...cleanups, unproven] })).toBe(
      'cleanups: 1 of 2 writes failed, so a record may be left in the API; 1 record left: could not prove it was ours, not deleted',
    );
    expect(cleanupLine({ ...report, cleanups: [unproven, unproven] })).toBe(
      'cleanups: 2 records left: could not prove they were ours, not deleted',
    );
  });

  it.each(CHECK_FORMATS)('%s lists a record left behind with its URL and reason', (format) => {
    const text = renderCheckReport(format, withRunNotes(true), { color: false, exitCode: 1 });
    expect(text).toContain(LEFT_URL);
    expect(text).toMatch(/kept answering 429/);
    const clean = renderCheckReport(format, withRunNotes(false), { color: false, exitCode: 0 });
    expect(clean).not.toContain(LEFT_URL);
    expect(clean).not.toMatch(/left behind|may be left/i);
  });

  it.each(['stylish', 'json', 'html', 'github', 'sarif'] as const)(
    '%s says how many transient answers the run met and how long it waited',
    (format) => {
      const text = renderCheckReport(format, withRunNotes(false), { color: false });
      if (format === 'json' || format === 'sarif') expect(text).toContain('"waitedMs": 6400');
      else expect(text).toContain('met 9 transient answers (429 ×7, reset ×2), retried 8 requests, waited 6.4 s');
    },
  );

  // GitLab Code Quality is a list of issues: it has no place for coverage.
  it.each(CHECK_FORMATS.filter((f) => f !== 'gitlab'))(
    '%s says what each area verified and the conformance score',
    (format) => {
      const report: CheckReport = {
        ...checkReport(),
        coverage: {
          resources: { collections: 2, documents: 1, tasks: 0, controllers: 0 },
          score: 87.5,
          baselineScore: 90,
          resourceChecks: 8,
          resourceChecksVerified: 6,
          areas: [
            {
              area: 'paging',
              verified: 6,
              passed: 5,
              failed: 1,
              notApplicable: 1,
              notVerified: 2,
              reasons: [{ reason: 'needs --allow-writes', count: 2 }],
              score: 87.5,
            },
          ],
        },
      };
      const text = renderCheckReport(format, report, { color: false });
      if (format === 'json' || format === 'sarif') {
        expect(text).toContain('"score": 87.5');
        expect(text).toContain('"notVerified": 2');
      } else if (format === 'github') {
        expect(text).toContain(
          'conformance score 87.5 of 100 over 6 verified checks, weighted by severity (baseline 90.0: −2.5)',
        );
      } else {
        expect(text).toContain(
          'conformance score 87.5 of 100 over 6 verified checks, weighted by severity (baseline 90.0: −2.5)',
        );
        expect(text).toContain(
          'paging: 6 verified (score 87.5), 1 not applicable, 2 not verified: needs --allow-writes ×2',
        );
      }
    },
  );

  it('JSON keeps the contract fields first and lists every cleanup', () => {
    const json = JSON.parse(renderCheckReport('json', withRunNotes(true), { color: false })) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      'tool',
      'version',
      'target',
      'startedAt',
      'durationMs',
      'summary',
      'results',
      'cleanups',
    ]);
    expect(json['cleanups']).toEqual(cleanups);
  });

  it('JUnit fails a cleanup case per record left; SARIF marks the run unsuccessful', () => {
    const junit = renderCheckReport('junit', withRunNotes(true), { color: false });
    expect(junit).toMatch(/<testsuite name="cleanup" tests="2" failures="1" errors="0" skipped="0"/);
    const sarif = JSON.parse(renderCheckReport('sarif', withRunNotes(true), { color: false })) as {
      runs: Array<{ invocations: Array<{ executionSuccessful: boolean }> }>;
    };
    expect(sarif.runs[0]?.invocations[0]?.executionSuccessful).toBe(false);
    const cleanRun = JSON.parse(
      renderCheckReport('sarif', { ...withRunNotes(false), results: [] }, { color: false }),
    ) as typeof sarif;
    expect(cleanRun.runs[0]?.invocations[0]?.executionSuccessful).toBe(true);
  });
});

describe('the HTML report counts as the summary does', () => {
  it('its resource table adds up to the summary, not-applicable and skip-only resources included', () => {
    const report = checkReport();
    const results: CheckResult[] = [
      ...report.results,
      {
        id: 'auth.no-token',
        rule: 'sec-problem',
        severity: 'error',
        status: 'skip',
        resource: '-',
        message: 'not applicable: the target has no protected API',
        evidence: [],
      },
      {
        id: 'paging.next-link',
        rule: 'col-paging',
        severity: 'error',
        status: 'skip',
        resource: '/skipped-only',
        message: 'needs --allow-writes',
        evidence: [],
      },
      // A second finding of a failing run counts that run once.
      { ...report.results.find((r) => r.status === 'fail')!, message: 'another finding of the same run' },
    ];
    const summary = summarize(results, 0);
    const html = renderCheckReport('html', { ...report, results, summary }, { color: false });
    const table = html.slice(
      html.indexOf('<table id="resources">'),
      html.indexOf('</table>', html.indexOf('<table id="resources">')),
    );
    const column = (name: string) =>
      [...table.matchAll(new RegExp(`<td class="n ${name}">(\\d+)</td>`, 'g'))].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
    expect({
      failed: column('fail'),
      errored: column('error'),
      passed: column('pass'),
      skipped: column('skip'),
    }).toEqual({ failed: summary.failed, errored: summary.errored, passed: summary.passed, skipped: summary.skipped });
    expect(table).toContain('(none: not applicable)');
    expect(table).toContain('/skipped-only');
  });
});
