import check from '../../../src/checks/patch/json-patch-415.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const isJsonPatch = (headers: Record<string, unknown>) => headers['content-type'] === 'application/json-patch+json';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference(), profile: WRITE_PROFILE },
    {
      name: '415 without a body',
      server: reference({
        mutate: (req, res) => {
          if (isJsonPatch(req.headers)) {
            res.text = '';
            delete res.headers['content-type'];
          }
        },
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'JSON Patch answered 400',
      server: reference({
        mutate: (req, res) => {
          if (isJsonPatch(req.headers)) res.status = 400;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['not415'],
    },
    {
      name: '415 with a plain JSON body',
      server: reference({
        mutate: (req, res) => {
          if (isJsonPatch(req.headers)) res.headers['content-type'] = 'application/json';
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
  ],
});
