import check from '../../../src/checks/patch/response.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const onPatch = (change: (res: MutableResponse) => void) =>
  reference({
    mutate: (req, res) => {
      if (req.method === 'PATCH') change(res);
    },
  });

testCheck(check, {
  valid: [
    { name: 'reference server (200 with the resource)', server: reference(), profile: WRITE_PROFILE },
    {
      name: '204 without a body',
      server: onPatch((res) => {
        res.status = 204;
        res.text = '';
        delete res.headers['content-type'];
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: '201 Created',
      server: onPatch((res) => {
        res.status = 201;
      }),
      profile: WRITE_PROFILE,
      findings: ['wrongStatus'],
    },
    {
      name: '200 with the resource before the patch',
      server: onPatch((res) => {
        if (isObject(res.json)) res.json['bankrupt'] = false;
      }),
      profile: WRITE_PROFILE,
      findings: ['differsFromGet'],
    },
    {
      name: '200 with a message only',
      server: onPatch((res) => {
        res.text = 'updated';
      }),
      profile: WRITE_PROFILE,
      findings: ['notRepresentation'],
    },
  ],
});
