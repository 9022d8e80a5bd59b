import check from '../../../src/checks/problem/type-urn.js';
import { isObject } from '../../../src/core/util/json.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'an https URL as type',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status >= 400) res.json['type'] = 'https://example.org/problems/not-found';
        },
      }),
      findings: ['notUrn'],
    },
    {
      name: 'an UpperCamelCase type name',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status >= 400) res.json['type'] = 'urn:problem-type:belgif:ResourceNotFound';
        },
      }),
      findings: ['notUrn'],
    },
  ],
});

describe('problem.type-urn judges only problems (field: ts-rest with zod)', () => {
  /** Every 400 answered as ts-rest's ZodError: issues whose `type` is a bound's JSON type, no problem at all. */
  const zodError = (problemShaped: boolean) =>
    reference({
      mutate: (_req, res) => {
        if (res.status !== 400) return;
        res.headers['content-type'] = 'application/json';
        res.json = {
          ...(problemShaped ? { title: 'Bad Request' } : {}),
          issues: [{ code: 'too_small', minimum: 1, type: 'number', message: 'Number must be >= 1', path: ['id'] }],
          name: 'ZodError',
        };
      },
    });

  it("leaves a ZodError's issue types alone: it is no problem (problem.media-type says so)", async () => {
    const report = await runOne(check, zodError(false));
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
  });

  it('still judges the issue types of a body shaped as a problem, whatever its media type', async () => {
    const report = await runOne(check, zodError(true));
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail notUrn']);
    expect(report.results[0]?.message).toContain('issue type "number"');
  });
});
