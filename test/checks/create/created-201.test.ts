import check from '../../../src/checks/create/created-201.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse, ProxiedRequest } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from './support/write-profile.js';

const onCreate = (change: (res: MutableResponse, req: ProxiedRequest) => void) =>
  reference({
    mutate: (req, res) => {
      if (req.method === 'POST' && req.path === '/employers') change(res, req);
    },
  });

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference(), profile: WRITE_PROFILE },
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
      name: '200 instead of 201',
      server: onCreate((res) => {
        res.status = 200;
      }),
      profile: WRITE_PROFILE,
      findings: ['not201'],
    },
    {
      name: '201 without Location',
      server: onCreate((res) => {
        delete res.headers['location'];
      }),
      profile: WRITE_PROFILE,
      findings: ['noLocation'],
    },
    {
      name: 'Location of nothing',
      server: onCreate((res) => {
        res.headers['location'] = `${res.headers['location'] ?? ''}0`;
      }),
      profile: WRITE_PROFILE,
      findings: ['locationNot200'],
    },
    {
      name: 'Location of another employer',
      server: onCreate((res) => {
        res.headers['location'] = (res.headers['location'] ?? '').replace(/\d+$/, '93');
      }),
      profile: WRITE_PROFILE,
      findings: ['otherResource'],
    },
  ],
});
