import check from '../../../src/checks/http/no-x-headers.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'infrastructure security headers are tolerated',
      server: reference({
        mutate: (_req, res) => {
          res.headers['x-content-type-options'] = 'nosniff';
          res.headers['x-frame-options'] = 'DENY';
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'responses carry X-Request-Id',
      server: reference({
        mutate: (_req, res) => {
          res.headers['x-request-id'] = 'abc';
        },
      }),
      findings: ['xHeader'],
    },
  ],
});
