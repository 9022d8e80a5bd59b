import check from '../../../src/checks/problem/media-type.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'errors served as application/json',
      server: reference({
        mutate: (_req, res) => {
          if (res.status >= 400) res.headers['content-type'] = 'application/json';
        },
      }),
      findings: ['wrongMediaType'],
    },
  ],
});
