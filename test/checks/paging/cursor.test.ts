import check from '../../../src/checks/paging/cursor.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

testCheck(check, {
  // Only the companies have cursor paging in the built-in profile.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the companies answer a page property',
      server: reference({
        mutate: onPage('/companies', (body) => {
          body['page'] = 1;
        }),
      }),
      findings: ['pageProperty'],
    },
    {
      name: 'next uses page numbers instead of the cursor',
      server: reference({
        mutate: onPage(
          '/companies',
          (body) => {
            if (typeof body['next'] === 'string')
              body['next'] = String(body['self']).split('?')[0] + '?pageSize=3&page=2';
          },
          (q) => !q.has('page'),
        ),
      }),
      findings: ['nextWithoutCursor'],
    },
    {
      name: 'the cursor starts at the last item of the page, not after it',
      server: reference({
        mutate: onPage('/companies', (body) => {
          const before = body.items[body.items.length - 2];
          if (typeof body['next'] !== 'string' || !isObject(before)) return;
          const next = new URL(body['next']);
          next.searchParams.set('afterCompany', String(before['enterpriseNumber']));
          body['next'] = next.href;
        }),
      }),
      findings: ['overlap'],
    },
  ],
});
