import check from '../../../src/checks/trace/unique.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the same trace id on every response',
      server: reference({
        mutate: (_req, res) => {
          res.headers['belgov-trace-id'] = '00000000-0000-4000-8000-000000000000';
        },
      }),
      findings: ['repeated'],
    },
  ],
});
