import check from '../../../src/checks/paging/default-page-size.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

const noSize = (q: URLSearchParams) => !q.has('pageSize');

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the default page has no next',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            delete body['next'];
          },
          noSize,
        ),
      }),
      findings: ['wholeWithoutNext'],
    },
    {
      name: 'the echoed default is below the item count',
      server: reference({
        mutate: onPage(
          '/companies',
          (body) => {
            body['pageSize'] = 10;
          },
          noSize,
        ),
      }),
      findings: ['overDefault'],
    },
    {
      name: 'the echoed default is not a number',
      server: reference({
        mutate: onPage(
          '/companies',
          (body) => {
            body['pageSize'] = 'twenty';
          },
          noSize,
        ),
      }),
      findings: ['echoNotPositive'],
    },
  ],
});
