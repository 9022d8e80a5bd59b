import check from '../../../src/checks/controller/method-not-allowed.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const withdraw: Profile = {
  ...BUILT_IN_PROFILE,
  controllers: [{ path: '/accounts/1/withdraw', method: 'POST', body: { amount: '1.00' } }],
};

testCheck(check, {
  valid: [
    { name: 'reference server (GET controller)', server: reference() },
    { name: 'reference server (POST controller)', server: reference(), profile: withdraw },
  ],
  invalid: [
    {
      name: 'PUT honoured',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PUT') {
            res.status = 200;
            delete res.headers['allow'];
          }
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
      name: 'Allow omits the controller method',
      server: reference({
        mutate: (_req, res) => {
          if (res.headers['allow']) res.headers['allow'] = 'OPTIONS';
        },
      }),
      findings: ['allowLacksMethod'],
    },
  ],
});
