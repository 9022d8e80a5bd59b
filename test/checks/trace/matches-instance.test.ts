import { randomUUID } from 'node:crypto';
import check from '../../../src/checks/trace/matches-instance.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'trace id unrelated to the instance',
      server: reference({
        mutate: (_req, res) => {
          if (res.status >= 400) res.headers['belgov-trace-id'] = randomUUID();
        },
      }),
      findings: ['mismatch'],
    },
  ],
});
