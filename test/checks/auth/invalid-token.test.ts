import check from '../../../src/checks/auth/invalid-token.js';
import { testCheck } from '../../helpers/check-harness.js';
import { protectedReference } from '../../helpers/protected-reference.js';
import type { Mutator } from '../../helpers/proxy.js';

const isInvalid = (json: unknown) =>
  (json as { type?: string } | undefined)?.type === 'urn:problem-type:belgif:invalidAccessToken';
const invalidAnswers =
  (change: Mutator): Mutator =>
  (request, response) => {
    if (isInvalid(response.json)) change(request, response);
  };

testCheck(check, {
  valid: [{ name: 'protected reference server', server: protectedReference() }],
  invalid: [
    {
      // A server that decodes the JWT but never verifies its signature.
      name: 'accepts a token it did not sign',
      server: protectedReference({
        mutate: invalidAnswers((req, res) => {
          if (String(req.headers.authorization).split('.').length !== 3) return;
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: [] };
          delete res.headers['www-authenticate'];
        }),
      }),
      findings: ['wrongStatus'],
    },
    {
      name: 'answers noAccessToken for a bad token',
      server: protectedReference({
        mutate: invalidAnswers((_req, res) => {
          (res.json as Record<string, unknown>).type = 'urn:problem-type:belgif:noAccessToken';
        }),
      }),
      findings: ['wrongType'],
    },
    {
      name: 'a challenge without error="invalid_token"',
      server: protectedReference({
        mutate: invalidAnswers((_req, res) => {
          res.headers['www-authenticate'] = 'Bearer realm="registry"';
        }),
      }),
      findings: ['wrongChallengeError'],
    },
    {
      name: '400 for a malformed token',
      server: protectedReference({
        mutate: invalidAnswers((req, res) => {
          if (!String(req.headers.authorization).includes('.')) res.status = 400;
        }),
      }),
      findings: ['wrongStatus'],
    },
  ],
});
