import check from '../../../src/checks/input/malformed-json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'parser crash answers 500',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 400) res.status = 500;
        },
      }),
      findings: ['not400'],
    },
    {
      name: '400 as plain text',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH' && res.status === 400) {
            res.headers['content-type'] = 'text/plain';
            res.text = 'bad json';
          }
        },
      }),
      findings: ['notProblem'],
    },
  ],
});
