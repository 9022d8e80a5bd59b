import check from '../../../src/checks/auth/no-token.js';
import { testCheck } from '../../helpers/check-harness.js';
import { protectedReference } from '../../helpers/protected-reference.js';
import type { Mutator } from '../../helpers/proxy.js';

// Rewrites only the answers to requests that carry no token.
const anonymous =
  (change: Mutator): Mutator =>
  (request, response) => {
    if (request.headers.authorization === undefined && response.status === 401) change(request, response);
  };

testCheck(check, {
  valid: [{ name: 'protected reference server', server: protectedReference() }],
  invalid: [
    {
      name: 'serves the resource without a token',
      server: protectedReference({
        mutate: anonymous((_req, res) => {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: [] };
        }),
      }),
      findings: ['wrongStatus'],
    },
    {
      name: 'a plain JSON error body',
      server: protectedReference({
        mutate: anonymous((_req, res) => {
          res.headers['content-type'] = 'application/json';
          res.json = { error: 'unauthorized' };
        }),
      }),
      findings: ['notProblem'],
    },
    {
      name: 'calls a missing token invalid',
      server: protectedReference({
        mutate: anonymous((_req, res) => {
          (res.json as Record<string, unknown>).type = 'urn:problem-type:belgif:invalidAccessToken';
          res.headers['www-authenticate'] = 'Bearer realm="registry", error="invalid_token"';
        }),
      }),
      findings: ['wrongChallengeError', 'wrongType'],
    },
    {
      name: 'no WWW-Authenticate challenge',
      server: protectedReference({
        mutate: anonymous((_req, res) => {
          delete res.headers['www-authenticate'];
        }),
      }),
      findings: ['noChallenge'],
    },
    {
      name: 'a Basic challenge only',
      server: protectedReference({
        mutate: anonymous((_req, res) => {
          res.headers['www-authenticate'] = 'Basic realm="registry"';
        }),
      }),
      findings: ['noChallenge'],
    },
  ],
});
