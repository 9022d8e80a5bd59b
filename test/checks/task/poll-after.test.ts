import check from '../../../src/checks/task/poll-after.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse, ProxiedRequest } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const onTaskStatus = (change: (status: Record<string, unknown>, req: ProxiedRequest) => void) =>
  reference({
    mutate: (req: ProxiedRequest, res: MutableResponse) => {
      if (req.path.startsWith('/images/tasks') && isObject(res.json) && isObject(res.json['status']))
        change(res.json['status'], req);
    },
  });

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    {
      name: 'no pollAfter on submit',
      server: onTaskStatus((status, req) => {
        if (req.method === 'POST') delete status['pollAfter'];
      }),
      profile: WRITE_PROFILE,
      findings: ['missingPollAfter'],
    },
    {
      name: 'no pollAfter on a processing poll',
      server: onTaskStatus((status, req) => {
        if (req.method === 'GET') delete status['pollAfter'];
      }),
      profile: WRITE_PROFILE,
      findings: ['missingPollAfter'],
    },
    {
      name: 'pollAfter without a zone',
      server: onTaskStatus((status) => {
        status['pollAfter'] = '2030-01-01T00:00:00';
      }),
      profile: WRITE_PROFILE,
      findings: ['badPollAfter'],
    },
    {
      name: 'pollAfter as epoch seconds',
      server: onTaskStatus((status) => {
        status['pollAfter'] = 1893456000;
      }),
      profile: WRITE_PROFILE,
      findings: ['badPollAfter'],
    },
  ],
});
