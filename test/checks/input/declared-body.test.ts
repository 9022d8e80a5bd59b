import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/input/declared-body.js';
import { breakingMember } from '../../../src/checks/input/support/param-values.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { RequestRewriter } from '../../helpers/proxy.js';

/** A server that truncates a name too long to its maxLength instead of refusing it: the POST creates. */
const truncatesName: RequestRewriter = (req) => {
  if (req.method !== 'POST' || req.path !== '/employers') return undefined;
  return truncated(req.body);
};
/** The same on a merge patch of an employer. */
const truncatesPatchedName: RequestRewriter = (req) =>
  req.method === 'PATCH' && /^\/employers\/\d+$/.test(req.path) ? truncated(req.body) : undefined;

function truncated(text: string): { body: string } | undefined {
  const body = JSON.parse(text) as Record<string, unknown>;
  if (typeof body['name'] !== 'string' || body['name'].length <= 200) return undefined;
  return { body: JSON.stringify({ ...body, name: body['name'].slice(0, 200) }) };
}

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a name above its maxLength taken (and the record removed again)',
      server: reference({ rewrite: truncatesName }),
      findings: ['accepted'],
    },
    {
      name: "a name above its maxLength taken by a merge patch of the run's own record",
      server: reference({ rewrite: truncatesPatchedName }),
      findings: ['accepted'],
    },
    {
      name: 'a 400 without issues',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 400 && isObject(res.json)) delete res.json['issues'];
        },
      }),
      findings: ['noIssue'],
    },
    {
      name: 'a 500 to an employer number above its maximum',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && req.body.includes('6000000000')) res.status = 500;
        },
      }),
      findings: ['not400'],
    },
  ],
});

describe('input.declared-body values', () => {
  it('breaks constraints with values of the member type, and leaves types to input.wrong-type', () => {
    expect(breakingMember({}, { type: 'integer', maximum: 9 })).toEqual({
      value: 10,
      breaks: '10, above its maximum 9',
    });
    expect(breakingMember({}, { type: 'string', enum: ['a'] })?.value).toBe('restguideNotInEnum');
    expect(breakingMember({}, { type: 'integer' })).toBeUndefined();
    expect(breakingMember({}, { type: 'boolean' })).toBeUndefined();
    expect(breakingMember({}, { type: 'array', items: { type: 'string', enum: ['a'] } })).toBeUndefined();
  });

  it('leaves no record of its own behind on a server that took the bad value', async () => {
    const report = await runOne(check, reference({ rewrite: truncatesName }));
    expect(report.results.some((r) => r.messageId === 'accepted')).toBe(true);
    expect(report.summary.cleanups?.left).toBe(0);
  });
});
