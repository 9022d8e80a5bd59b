import check from '../../../src/checks/filter/params-and.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { employerItem, ignoresParam, onEmployers } from './on-filtered.js';

const combined = (q: URLSearchParams) => q.has('name') && q.has('bankrupt');

testCheck(check, {
  // Only the employers have two filters.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a bankrupt employer of another name is added (OR)',
      server: reference({ mutate: onEmployers(combined, (items, base) => [...items, employerItem(base, 1085)]) }),
      findings: ['notBoth', 'notIntersection'],
    },
    // Passed before: both values came from one item, so the bankrupt=… page alone was the right answer.
    {
      name: 'ignores name when bankrupt is also given',
      server: reference({ rewrite: ignoresParam('name', (q) => q.has('bankrupt')) }),
      findings: ['notBoth'],
    },
    {
      name: 'the combined filter loses a match',
      server: reference({ mutate: onEmployers(combined, (items) => items.slice(1)) }),
      findings: ['notIntersection'],
    },
  ],
});
