import check from '../../../src/checks/filter/repeated-or.js';
import { expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { employerItem, ignoresParam, onEmployers } from './on-filtered.js';

const twoNames = (q: URLSearchParams) => q.getAll('name').length === 2;

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'only the last value counts',
      server: reference({
        mutate: onEmployers(twoNames, (items, _base, q) =>
          items.filter((item) => item['title'] === q.getAll('name')[1]),
        ),
      }),
      findings: ['missingValue'],
    },
    {
      name: 'an employer with a third name slips in',
      server: reference({ mutate: onEmployers(twoNames, (items, base) => [...items, employerItem(base, 1034)]) }),
      findings: ['outside'],
    },
  ],
});

it('filter.repeated-or fails a server that ignores the filter', async () => {
  const report = await runOne(check, reference({ rewrite: ignoresParam('name') }));
  expect(
    report.results.filter((r) => r.resource === '/employers').map((r) => `${r.status} ${r.messageId ?? ''}`),
  ).toContain('fail outside');
});
