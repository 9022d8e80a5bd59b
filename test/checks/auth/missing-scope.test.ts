import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/auth/missing-scope.js';
import { runOne, testCheck } from '../../helpers/check-harness.js';
import { protectedReference } from '../../helpers/protected-reference.js';
import type { Mutator } from '../../helpers/proxy.js';

const scopeAnswers =
  (change: Mutator): Mutator =>
  (request, response) => {
    if (response.status === 403) change(request, response);
  };

testCheck(check, {
  valid: [{ name: 'protected reference server (narrow scope registry:write)', server: protectedReference() }],
  invalid: [
    {
      name: 'no scope enforcement: a write-only token reads',
      server: protectedReference({
        mutate: scopeAnswers((_req, res) => {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: [] };
        }),
      }),
      findings: ['wrongStatus'],
    },
    {
      name: 'no requiredScopes member',
      server: protectedReference({
        mutate: scopeAnswers((_req, res) => {
          delete (res.json as Record<string, unknown>).requiredScopes;
        }),
      }),
      findings: ['noRequiredScopes'],
    },
    {
      name: 'requires a scope the token has',
      server: protectedReference({
        mutate: scopeAnswers((_req, res) => {
          (res.json as Record<string, unknown>).requiredScopes = ['registry:write'];
        }),
      }),
      findings: ['grantedRequired'],
    },
    {
      name: 'an insufficient_scope challenge naming no scope',
      server: protectedReference({
        mutate: scopeAnswers((_req, res) => {
          res.headers['www-authenticate'] = 'Bearer realm="registry", error="insufficient_scope"';
        }),
      }),
      findings: ['noChallengeScope'],
    },
    {
      name: '401 invalid_token for a valid token lacking a scope',
      server: protectedReference({
        mutate: scopeAnswers((_req, res) => {
          res.status = 401;
          Object.assign(res.json as Record<string, unknown>, {
            type: 'urn:problem-type:belgif:invalidAccessToken',
            status: 401,
          });
          res.headers['www-authenticate'] = 'Bearer realm="registry", error="invalid_token"';
        }),
      }),
      findings: ['wrongStatus'],
    },
  ],
});

describe('auth.missing-scope without a narrow scope set', () => {
  it('is not applicable, and says what it needs', async () => {
    const report = await runOne(check, protectedReference({ narrowScope: null }));
    expect(report.results.map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('narrow scope')],
    ]);
  });
});
