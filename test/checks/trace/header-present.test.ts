import check from '../../../src/checks/trace/header-present.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'no trace header',
      server: reference({
        mutate: (_req, res) => {
          delete res.headers['belgov-trace-id'];
        },
      }),
      findings: ['missing'],
    },
    {
      name: 'a 40-character trace id',
      server: reference({
        mutate: (_req, res) => {
          res.headers['belgov-trace-id'] = 'x'.repeat(40);
        },
      }),
      findings: ['tooLong'],
    },
  ],
});
