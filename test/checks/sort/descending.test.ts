import check from '../../../src/checks/sort/descending.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { reorder } from './reorder.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'sort=-employerId ignores the minus',
      server: reference({
        mutate: reorder(['-employerId'], (a, b) => Number(a['employerId']) - Number(b['employerId'])),
      }),
      findings: ['outOfOrder'],
    },
    {
      name: 'sort=-name is refused',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('sort=-name')) {
            res.status = 400;
            res.headers['content-type'] = 'application/problem+json';
            res.json = { type: 'urn:problem-type:belgif:badRequest', status: 400 };
          }
        },
      }),
      findings: ['status'],
    },
  ],
});
