import check from '../../../src/checks/sort/ascending.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { reorder } from './reorder.js';

testCheck(check, {
  // Only the employers are sortable in the built-in profile.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'sort=name comes back descending', server: reference({ mutate: reorder(['name'], (a, b) => String(b['title']).localeCompare(String(a['title']))) }), findings: ['outOfOrder'] },
    { name: 'sort=employerId is unsorted', server: reference({ mutate: reorder(['employerId'], (a, b) => (Number(a['employerId']) % 7) - (Number(b['employerId']) % 7)) }), findings: ['outOfOrder'] },
  ],
});
