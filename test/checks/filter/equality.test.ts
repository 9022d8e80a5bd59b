import check from '../../../src/checks/filter/equality.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { employerItem, onEmployers } from './on-filtered.js';

const byName = (q: URLSearchParams) => q.has('name');

testCheck(check, {
  // The employer classes have no filter.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'the name filter lets another employer through', server: reference({ mutate: onEmployers(byName, (items, base) => [...items, employerItem(base, 1017)]) }), findings: ['mismatch'] },
    { name: 'the name filter finds nothing', server: reference({ mutate: onEmployers(byName, () => []) }), findings: ['noResult'] },
  ],
});
