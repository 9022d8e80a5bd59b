import check from '../../../src/checks/paging/page-one-based.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

const noPage = (q: URLSearchParams) => !q.has('page');

testCheck(check, {
  // Only the employers have offset paging in the built-in profile.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the default page says page 0',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['page'] = 0;
          },
          noPage,
        ),
      }),
      findings: ['defaultNotOne'],
    },
    {
      name: 'the default page has no page property',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            delete body['page'];
          },
          noPage,
        ),
      }),
      findings: ['pageMissing'],
    },
    {
      name: 'page=1 is a different page',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body.items.reverse();
          },
          (q) => q.get('page') === '1',
        ),
      }),
      findings: ['pageOneDiffers'],
    },
  ],
});
