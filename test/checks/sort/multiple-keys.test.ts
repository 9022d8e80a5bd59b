import check from '../../../src/checks/sort/multiple-keys.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { reorder } from './reorder.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the second key is applied ascending',
      server: reference({
        mutate: reorder(
          ['name', '-employerId'],
          (a, b) =>
            String(a['title']).localeCompare(String(b['title'])) || Number(a['employerId']) - Number(b['employerId']),
        ),
      }),
      findings: ['outOfOrder'],
    },
  ],
});
