import check from '../../../src/checks/task/accepted-202.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const onSubmit = (change: (res: MutableResponse) => void) =>
  reference({
    mutate: (req, res) => {
      if (req.method === 'POST' && req.path === '/images/tasks') change(res);
    },
  });

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    {
      name: '201 instead of 202',
      server: onSubmit((res) => {
        res.status = 201;
      }),
      profile: WRITE_PROFILE,
      findings: ['not202'],
    },
    {
      name: '202 without Location',
      server: onSubmit((res) => {
        delete res.headers['location'];
      }),
      profile: WRITE_PROFILE,
      findings: ['noLocation'],
    },
    {
      name: '202 with a state other than processing',
      server: onSubmit((res) => {
        if (isObject(res.json) && isObject(res.json['status'])) res.json['status']['state'] = 'queued';
      }),
      profile: WRITE_PROFILE,
      findings: ['notProcessing'],
    },
  ],
});
