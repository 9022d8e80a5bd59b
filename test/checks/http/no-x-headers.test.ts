import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/http/no-x-headers.js';
import noLeaks from '../../../src/checks/problem/no-leaks.js';
import type { AnyCheck } from '../../../src/core/engine/define-check.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { reference, testCheck, type ServerFactory } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'infrastructure security headers are tolerated',
      server: reference({
        mutate: (_req, res) => {
          res.headers['x-content-type-options'] = 'nosniff';
          res.headers['x-frame-options'] = 'DENY';
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'responses carry X-Request-Id',
      server: reference({
        mutate: (_req, res) => {
          res.headers['x-request-id'] = 'abc';
        },
      }),
      findings: ['xHeader'],
    },
  ],
});

describe('X-Powered-By, a header that reveals the implementation', () => {
  const express = (extra: Record<string, string> = {}) =>
    reference({
      mutate: (_req, res) => {
        Object.assign(res.headers, { 'x-powered-by': 'Express', ...extra });
      },
    });
  const run = async (checks: AnyCheck[], server: ServerFactory) => {
    const running = await server.start();
    try {
      return await runChecks(checks, BUILT_IN_PROFILE, {
        baseUrl: running.url,
        allowWrites: false,
        timeoutMs: 5000,
        deadlineMs: 25_000,
      });
    } finally {
      await running.close();
    }
  };
  const outcome = (report: CheckReport, id: string) =>
    report.results.filter((r) => r.id === id).map((r) => `${r.status}: ${r.message}`);

  it('is problem.no-leaks’ finding: this check says see it', async () => {
    const report = await run([noLeaks as AnyCheck, check as AnyCheck], express());
    expect(outcome(report, 'problem.no-leaks')).toEqual([
      expect.stringMatching(/^fail: .*header x-powered-by: Express/),
    ]);
    expect(outcome(report, 'http.no-x-headers')).toEqual([
      expect.stringMatching(
        /^(skip: not verified|pass: .*not verified where problem\.no-leaks failed).*see problem\.no-leaks/,
      ),
    ]);
  });

  it('another X- header beside it is still this check’s finding, and alone this check reports it', async () => {
    const both = await run([noLeaks as AnyCheck, check as AnyCheck], express({ 'x-request-id': 'abc' }));
    expect(outcome(both, 'http.no-x-headers')).toEqual([expect.stringMatching(/^fail: .*header x-request-id;/)]);
    const alone = await run([check as AnyCheck], express());
    expect(outcome(alone, 'http.no-x-headers')).toEqual([expect.stringMatching(/^fail: .*header x-powered-by;/)]);
  });
});
