import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/auth/expired-token.js';
import { runOne, testCheck } from '../../helpers/check-harness.js';
import { protectedReference } from '../../helpers/protected-reference.js';
import type { Mutator } from '../../helpers/proxy.js';

const expiredAnswers =
  (change: Mutator): Mutator =>
  (request, response) => {
    if ((response.json as { type?: string } | undefined)?.type === 'urn:problem-type:belgif:expiredAccessToken')
      change(request, response);
  };

testCheck(check, {
  valid: [{ name: 'protected reference server', server: protectedReference() }],
  invalid: [
    {
      name: 'calls an expired token invalid',
      server: protectedReference({
        mutate: expiredAnswers((_req, res) => {
          (res.json as Record<string, unknown>).type = 'urn:problem-type:belgif:invalidAccessToken';
        }),
      }),
      findings: ['wrongType'],
    },
    {
      name: 'accepts an expired token',
      server: protectedReference({
        mutate: expiredAnswers((_req, res) => {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: [] };
        }),
      }),
      findings: ['wrongStatus'],
    },
    {
      name: 'an expired challenge without error="invalid_token"',
      server: protectedReference({
        mutate: expiredAnswers((_req, res) => {
          res.headers['www-authenticate'] = 'Bearer realm="registry", error="expired_token"';
        }),
      }),
      findings: ['wrongChallengeError'],
    },
  ],
});

describe('auth.expired-token without an expired token to send', () => {
  it('is not applicable, and says what it needs', async () => {
    const report = await runOne(check, protectedReference({ expired: false }));
    expect(report.results.map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('expired access token')],
    ]);
  });
});
