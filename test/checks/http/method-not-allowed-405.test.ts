import check from '../../../src/checks/http/method-not-allowed-405.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'PUT on a collection answers 400',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PUT') res.status = 400;
        },
      }),
      findings: ['not405'],
    },
    {
      name: '405 without Allow',
      server: reference({
        mutate: (_req, res) => {
          delete res.headers['allow'];
        },
      }),
      findings: ['missingAllow'],
    },
    {
      name: 'Allow without GET',
      server: reference({
        mutate: (_req, res) => {
          if (res.headers['allow']) res.headers['allow'] = 'POST';
        },
      }),
      findings: ['allowLacksGet'],
    },
  ],
});
