import check from '../../../src/checks/http/not-acceptable-406.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'ignores Accept and serves JSON',
      server: fixture((_req, res) => sendJson(res, 200, { items: [] }), { basePath: '/api' }),
      findings: ['not406'],
    },
  ],
});
