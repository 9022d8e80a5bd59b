import check from '../../../src/checks/controller/status.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

/** A POST controller whose expected answer is a problem: archiving an open order is 409 invalidState. */
const archiveOpenOrder: Profile = {
  ...BUILT_IN_PROFILE,
  controllers: [{ path: '/orders/2/archive', method: 'POST', expectedStatus: 409 }],
};
const onConvert = (req: { path: string }) => req.path.startsWith('/convertMoney');

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    { name: 'a controller expected to answer a problem', server: reference(), profile: archiveOpenOrder },
  ],
  invalid: [
    {
      name: 'answers 201',
      server: reference({
        mutate: (req, res) => {
          if (onConvert(req)) res.status = 201;
        },
      }),
      findings: ['wrongStatus'],
    },
    {
      name: 'answers plain text',
      server: reference({
        mutate: (req, res) => {
          if (onConvert(req)) {
            res.headers['content-type'] = 'text/plain';
            res.text = '10.80';
          }
        },
      }),
      findings: ['notJsonObject'],
    },
    {
      name: 'answers a bare array',
      server: reference({
        mutate: (req, res) => {
          if (onConvert(req)) res.json = ['10.80'];
        },
      }),
      findings: ['notJsonObject'],
    },
    {
      name: 'expected problem sent as plain JSON',
      server: reference({
        mutate: (req, res) => {
          if (req.path.endsWith('/archive')) res.headers['content-type'] = 'application/json';
        },
      }),
      profile: archiveOpenOrder,
      findings: ['notJsonObject'],
    },
  ],
});
