import check from '../../../src/checks/create/location-absolute.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from './support/write-profile.js';

const onCreate = (change: (res: MutableResponse) => void) =>
  reference({
    mutate: (req, res) => {
      if (req.method === 'POST' && req.path === '/employers') change(res);
    },
  });

testCheck(check, {
  valid: [
    { name: 'reference server (absolute)', server: reference(), profile: WRITE_PROFILE },
    {
      name: 'relative Location',
      server: onCreate((res) => {
        res.headers['location'] = new URL(res.headers['location'] ?? '').pathname;
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'Location on another origin',
      server: onCreate((res) => {
        res.headers['location'] = (res.headers['location'] ?? '').replace(
          /^http:\/\/[^/]+/,
          'http://elsewhere.invalid',
        );
      }),
      profile: WRITE_PROFILE,
      findings: ['otherOrigin'],
    },
    {
      name: 'Location not a URI',
      server: onCreate((res) => {
        res.headers['location'] = 'http://[not a uri';
      }),
      profile: WRITE_PROFILE,
      findings: ['unresolvable'],
    },
  ],
});
