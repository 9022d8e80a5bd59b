import check from '../../../src/checks/problem/status-matches.js';
import { isObject } from '../../../src/core/util/json.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'problem status differs from HTTP status',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status === 404) res.json['status'] = 500;
        },
      }),
      findings: ['mismatch'],
    },
  ],
});

describe('problem.status-matches judges only problems (field: django-filter)', () => {
  /** Every 400 answered as django-filter's error map, keyed by a filter named `status`. */
  const errorMap = (keepType: boolean) =>
    reference({
      mutate: (_req, res) => {
        if (res.status !== 400) return;
        const type = isObject(res.json) ? res.json['type'] : undefined;
        res.headers['content-type'] = 'application/json';
        res.json = { ...(keepType ? { type } : {}), status: ['Select a valid choice. x is not one of the choices.'] };
      },
    });

  it('leaves an error map keyed `status` alone: it is no problem (problem.media-type says so)', async () => {
    const report = await runOne(check, errorMap(false));
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
  });

  it('still judges a body shaped as a problem, whatever its media type', async () => {
    const report = await runOne(check, errorMap(true));
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail mismatch']);
  });
});
