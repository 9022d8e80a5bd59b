import check from '../../../src/checks/id/absent-404.js';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onAbsent =
  (change: Mutator): Mutator =>
  (req, res) => {
    if (req.path === '/employers/5999999999') change(req, res);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'absent id answers 400',
      server: reference({
        mutate: onAbsent((_q, res) => {
          res.status = 400;
        }),
      }),
      findings: ['not404'],
    },
    {
      name: '404 as plain JSON',
      server: reference({
        mutate: onAbsent((_q, res) => {
          res.headers['content-type'] = 'application/json';
        }),
      }),
      findings: ['notProblem'],
    },
    {
      name: '404 with a badRequest type',
      server: reference({
        mutate: onAbsent((_q, res) => {
          if (isObject(res.json)) res.json['type'] = 'urn:problem-type:belgif:badRequest';
        }),
      }),
      findings: ['notResourceNotFound'],
    },
  ],
});
