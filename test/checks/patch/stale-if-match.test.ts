import check from '../../../src/checks/patch/stale-if-match.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

testCheck(check, {
  valid: [
    { name: 'reference server (412)', server: reference(), profile: WRITE_PROFILE },
    {
      name: '409 instead of 412',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 412 && isObject(res.json)) {
            res.status = 409;
            res.json['status'] = 409;
          }
        },
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'stale If-Match answered 200',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 412) res.status = 200;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['staleAccepted'],
    },
    {
      name: '412 as plain JSON',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 412) res.headers['content-type'] = 'application/json';
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
    {
      name: 'the current ETag is refused',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH' && req.headers['if-match']) res.status = 412;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['freshRefused'],
    },
  ],
});
