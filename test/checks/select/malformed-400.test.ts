import check from '../../../src/checks/select/malformed-400.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a missing parenthesis is tolerated',
      server: reference({
        mutate: (req, res) => {
          if (req.path.endsWith('select=(name')) {
            res.status = 200;
            res.headers['content-type'] = 'application/json';
            res.json = { name: 'x' };
          }
        },
      }),
      findings: ['not400'],
    },
    {
      name: 'the 400 is plain JSON',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('select=') && res.status === 400) res.headers['content-type'] = 'application/json';
        },
      }),
      findings: ['notProblem'],
    },
    {
      name: 'the issue points at the path',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.includes('select=') || !isObject(res.json) || !Array.isArray(res.json['issues'])) return;
          for (const issue of res.json['issues']) if (isObject(issue)) issue['in'] = 'path';
        },
      }),
      findings: ['issueNotInQuery'],
    },
  ],
});
