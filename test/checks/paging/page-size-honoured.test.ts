import check from '../../../src/checks/paging/page-size-honoured.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

const sizeThree = (q: URLSearchParams) => q.get('pageSize') === '3';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'pageSize is echoed wrong',
      server: reference({
        mutate: onPage(
          '/companies',
          (body) => {
            body['pageSize'] = 5;
          },
          sizeThree,
        ),
      }),
      findings: ['echoDiffers'],
    },
    {
      name: 'one item too many',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body.items.push(body.items[0]);
          },
          sizeThree,
        ),
      }),
      findings: ['tooMany'],
    },
    {
      name: 'a short page that is not the last',
      server: reference({
        mutate: onPage(
          '/appendices/employerclasses',
          (body) => {
            body.items.pop();
          },
          sizeThree,
        ),
      }),
      findings: ['tooFew'],
    },
  ],
});
