import check from '../../../src/checks/input/unknown-header-accepted.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'unknown headers refused with 400',
      server: reference({
        mutate: (req, res) => {
          if (req.headers['restguide-unknown'] !== undefined) res.status = 400;
        },
      }),
      findings: ['rejected'],
    },
  ],
});
