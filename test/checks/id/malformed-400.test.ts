import check from '../../../src/checks/id/malformed-400.js';
import { isObject } from '../../../src/core/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onAbc =
  (change: Mutator): Mutator =>
  (req, res) => {
    if (req.path === '/employers/abc') change(req, res);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'malformed id answers 404',
      server: reference({
        mutate: onAbc((_q, res) => {
          res.status = 404;
        }),
      }),
      findings: ['not400'],
    },
    {
      name: 'malformed id answers 500',
      server: reference({
        mutate: onAbc((_q, res) => {
          res.status = 500;
        }),
      }),
      findings: ['not400'],
    },
    {
      name: '400 as plain JSON',
      server: reference({
        mutate: onAbc((_q, res) => {
          res.headers['content-type'] = 'application/json';
        }),
      }),
      findings: ['notProblem'],
    },
    {
      name: '400 with a not-found type',
      server: reference({
        mutate: onAbc((_q, res) => {
          if (isObject(res.json)) res.json['type'] = 'urn:problem-type:belgif:resourceNotFound';
        }),
      }),
      findings: ['notBadRequest'],
    },
  ],
});
