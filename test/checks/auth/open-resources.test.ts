import check from '../../../src/checks/auth/open-resources.js';
import { testCheck } from '../../helpers/check-harness.js';
import { protectedReference } from '../../helpers/protected-reference.js';
import type { Mutator } from '../../helpers/proxy.js';

const closes =
  (path: string): Mutator =>
  (request, response) => {
    if (request.path.startsWith(path) && request.headers.authorization === undefined) {
      response.status = 401;
      response.headers['content-type'] = 'application/problem+json';
      response.headers['www-authenticate'] = 'Bearer realm="registry"';
      response.json = { type: 'urn:problem-type:belgif:noAccessToken', status: 401, title: 'No Access Token' };
    }
  };

testCheck(check, {
  valid: [{ name: 'protected reference server', server: protectedReference() }],
  invalid: [
    {
      name: 'health behind the token',
      server: protectedReference({ mutate: closes('/health') }),
      findings: ['protectedResource'],
    },
    {
      name: 'the OpenAPI document behind the token',
      server: protectedReference({ mutate: closes('/doc/') }),
      findings: ['protectedResource'],
    },
  ],
});
