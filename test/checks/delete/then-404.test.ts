import check from '../../../src/checks/delete/then-404.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse, ProxiedRequest } from '../../helpers/proxy.js';
import { isCreatedEmployer, WRITE_PROFILE } from '../create/support/write-profile.js';

const onCreated = (change: (req: ProxiedRequest, res: MutableResponse) => void) =>
  reference({
    mutate: (req, res) => {
      if (isCreatedEmployer(req.path)) change(req, res);
    },
  });

testCheck(check, {
  valid: [
    { name: 'reference server (204)', server: reference(), profile: WRITE_PROFILE },
    {
      name: '200 with a message',
      server: onCreated((req, res) => {
        if (req.method === 'DELETE') {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.text = '{"message":"removed"}';
        }
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'DELETE answered 202',
      server: onCreated((req, res) => {
        if (req.method === 'DELETE') res.status = 202;
      }),
      profile: WRITE_PROFILE,
      findings: ['wrongStatus'],
    },
    {
      name: 'DELETE answered 200 without a body',
      server: onCreated((req, res) => {
        if (req.method === 'DELETE') {
          res.status = 200;
          res.text = '';
        }
      }),
      profile: WRITE_PROFILE,
      findings: ['emptyOk'],
    },
    {
      name: 'GET afterwards answers 410',
      server: onCreated((req, res) => {
        if (req.method === 'GET' && res.status === 404) res.status = 410;
      }),
      profile: WRITE_PROFILE,
      findings: ['stillThere'],
    },
    {
      name: 'GET afterwards answers 404 as plain text',
      server: onCreated((req, res) => {
        if (req.method === 'GET' && res.status === 404) {
          res.headers['content-type'] = 'text/plain';
          res.text = 'gone';
        }
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
  ],
});
