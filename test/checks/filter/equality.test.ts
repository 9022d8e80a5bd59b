import check from '../../../src/checks/filter/equality.js';
import { expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { employerItem, ignoresParam, onEmployers } from './on-filtered.js';

const byName = (q: URLSearchParams) => q.has('name');

testCheck(check, {
  // The employer classes have no filter.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the name filter lets another employer through',
      server: reference({ mutate: onEmployers(byName, (items, base) => [...items, employerItem(base, 1017)]) }),
      findings: ['mismatch'],
    },
    {
      name: 'the name filter finds nothing',
      server: reference({ mutate: onEmployers(byName, () => []) }),
      findings: ['noResult'],
    },
  ],
});

it('filter.equality fails a server that ignores the filter', async () => {
  const report = await runOne(check, reference({ rewrite: ignoresParam('name') }));
  expect(
    report.results.filter((r) => r.resource === '/employers').map((r) => `${r.status} ${r.messageId ?? ''}`),
  ).toContain('fail mismatch');
});
