// What a run verified: per area, a score weighted by severity, and when it verified almost nothing.
import { describe, expect, it } from 'vitest';
import { almostNothingVerified, coverageOf } from '../../src/core/engine/coverage.js';
import type { CheckResult, Severity } from '../../src/core/report/types.js';

const result = (
  id: string,
  status: CheckResult['status'],
  severity: Severity,
  message = 'm',
  resource = '/employers',
): CheckResult => ({ id, rule: 'r', severity, status, resource, message, evidence: [] });
const RESOURCES = { collections: 1, documents: 1, tasks: 0, controllers: 0 };
const NONE = new Set<string>();

describe('coverageOf', () => {
  it('scores verified runs by severity: error 3, warning 2, info 1', () => {
    const coverage = coverageOf(
      [
        result('paging.a', 'pass', 'error'),
        result('paging.b', 'fail', 'warning'),
        result('paging.c', 'pass', 'info'),
        // A second finding of the same run fails it once.
        result('paging.b', 'fail', 'warning', 'another'),
      ],
      RESOURCES,
      NONE,
    );
    expect(coverage.score).toBe(66.7);
    expect(coverage.areas).toEqual([
      { area: 'paging', verified: 3, passed: 2, failed: 1, notApplicable: 0, notVerified: 0, reasons: [], score: 66.7 },
    ]);
  });

  it('leaves skips and errors out of the score and groups their reasons, URLs and numbers aside, shown by a real one', () => {
    const coverage = coverageOf(
      [
        result('patch.a', 'pass', 'error'),
        result('patch.b', 'skip', 'error', 'needs --allow-writes'),
        result('patch.c', 'skip', 'error', 'needs --allow-writes'),
        result('patch.d', 'skip', 'error', 'GET http://h:1/employers/12 answered 500 without a JSON object'),
        result('patch.e', 'skip', 'error', 'GET http://h:1/employers/7 answered 500 without a JSON object'),
        result('patch.f', 'error', 'warning', 'GET http://h:1/x: connection refused'),
        result('patch.g', 'skip', 'warning', 'not applicable: the target has no document with an update style', '-'),
      ],
      RESOURCES,
      NONE,
    );
    expect(coverage.score).toBe(100);
    expect(coverage.areas[0]).toMatchObject({ verified: 1, notApplicable: 1, notVerified: 5 });
    expect(coverage.areas[0]?.reasons).toEqual([
      { reason: 'GET http://h:1/employers/12 answered 500 without a JSON object', count: 2 },
      { reason: 'needs --allow-writes', count: 2 },
      { reason: 'errored: GET http://h:1/x: connection refused', count: 1 },
    ]);
    // A real message stands for its group: no template placeholders in a report.
    expect(JSON.stringify(coverage)).not.toMatch(/<url>|<path>|\bN\b/);
  });

  it('has no score when nothing reached a verdict', () => {
    expect(
      coverageOf([result('paging.a', 'skip', 'error', 'needs --allow-writes')], RESOURCES, NONE).score,
    ).toBeUndefined();
  });
});

describe('almostNothingVerified', () => {
  it('a target without resources, where resource checks were selected', () => {
    const coverage = coverageOf(
      [
        result('trace.a', 'pass', 'error', 'm', '/'),
        result('paging.a', 'skip', 'error', 'not applicable: the target has no collection', '-'),
      ],
      { collections: 0, documents: 0, tasks: 0, controllers: 0 },
      new Set(['trace.a']),
    );
    expect(almostNothingVerified(coverage)).toMatch(
      /^almost nothing was verified: the target declares no collection, document, task or controller/,
    );
  });

  it('resources, but none of their checks reached a verdict', () => {
    const coverage = coverageOf(
      [result('trace.a', 'pass', 'error', 'm', '/'), result('paging.a', 'error', 'error', 'timeout')],
      RESOURCES,
      new Set(['trace.a']),
    );
    expect(almostNothingVerified(coverage)).toMatch(
      /no check of the target's collections, documents, tasks or controllers reached a verdict/,
    );
  });

  it('nothing to say when a resource check reached a verdict, or only API-wide checks were selected', () => {
    expect(almostNothingVerified(coverageOf([result('paging.a', 'fail', 'error')], RESOURCES, NONE))).toBeUndefined();
    const apiOnly = coverageOf(
      [result('auth.a', 'skip', 'error', 'not applicable: the target has no protected API', '-')],
      RESOURCES,
      new Set(['auth.a']),
    );
    expect(almostNothingVerified(apiOnly)).toBeUndefined();
  });
});
