import check from '../../../src/checks/paging/invalid-params.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const onQuery = (name: string, value: string, change: Mutator): Mutator => (req, res) => {
  if (new URLSearchParams(req.path.split('?')[1] ?? '').get(name) === value) change(req, res);
};

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'page=0 is served as the first page',
      server: reference({ mutate: onQuery('page', '0', (_req, res) => { res.status = 200; res.headers['content-type'] = 'application/json'; res.json = { items: [] }; }) }),
      findings: ['notBadRequest'],
    },
    {
      name: 'pageSize=abc is a plain JSON 400',
      server: reference({ mutate: onQuery('pageSize', 'abc', (_req, res) => { res.headers['content-type'] = 'application/json'; }) }),
      findings: ['notProblem'],
    },
    {
      name: 'a huge pageSize crashes the server',
      server: reference({ mutate: onQuery('pageSize', '100000', (_req, res) => { res.status = 500; }) }),
      findings: ['hugeStatus'],
    },
    {
      name: 'a huge pageSize is echoed larger than asked',
      server: reference({ mutate: onQuery('pageSize', '100000', (_req, res) => { res.status = 200; res.headers['content-type'] = 'application/json'; res.json = { items: [], pageSize: 200000 }; }) }),
      findings: ['hugeNotCapped'],
    },
  ],
});
