import check from '../../../src/checks/paging/full-walk.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the company cursor is off by one, so pages overlap',
      server: reference({ mutate: onPage('/companies', (body) => {
        const before = body.items[body.items.length - 2];
        if (typeof body['next'] !== 'string' || !isObject(before)) return;
        const next = new URL(body['next']);
        next.searchParams.set('afterCompany', String(before['enterpriseNumber']));
        body['next'] = next.href;
      }) }),
      findings: ['duplicate'],
    },
    { name: 'page 2 of the employers loses an item', server: reference({ mutate: onPage('/employers', (body) => { body.items.pop(); }, (q) => q.get('page') === '2') }), findings: ['countMismatch'] },
    { name: 'total changes on page 3', server: reference({ mutate: onPage('/employers', (body) => { body['total'] = 119; }, (q) => q.get('page') === '3') }), findings: ['totalChanged'] },
    {
      name: 'next of page 2 points back at page 1',
      server: reference({ mutate: onPage('/employers', (body) => { body['next'] = body['prev']; }, (q) => q.get('page') === '2') }),
      findings: ['cycle'],
    },
  ],
});
