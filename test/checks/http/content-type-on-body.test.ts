import check from '../../../src/checks/http/content-type-on-body.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'health answered without Content-Type',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/health') delete res.headers['content-type'];
        },
      }),
      findings: ['missing'],
    },
  ],
});
