import check from '../../../src/checks/put/absent-optional-default.js';
import { isObject } from '../../../src/core/util/json.js';
import { NO_READ_ONLY, refusesReadOnly } from './support/validating.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { isCreatedEmployer, withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

/** After the second PUT (the one leaving the optional values out), the old values linger (a merging PUT). */
function mergingPut() {
  const puts = new Map<string, number>();
  return reference({
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PUT') puts.set(req.path, (puts.get(req.path) ?? 0) + 1);
      if (req.method === 'GET' && (puts.get(req.path) ?? 0) >= 2 && isObject(res.json)) {
        res.json['bankrupt'] = true;
        res.json['bankruptDate'] = '2024-02-29';
      }
    },
  });
}

/** Refuses the second PUT of a created employer (the one leaving the optional values out). */
function refusesSecondPut() {
  let puts = 0;
  return reference({
    mutate: (req, res) => {
      if (req.method === 'PUT' && ++puts === 2) res.status = 400;
    },
  });
}

const WITH_DATE = withDocument((d) => ({ ...d, patch: { bankrupt: true, bankruptDate: '2024-02-29' } }));

testCheck(check, {
  valid: [
    {
      name: 'a server refusing read-only members (declared read-only paths)',
      server: refusesReadOnly(),
      profile: WRITE_PROFILE,
    },
    {
      name: 'a server refusing read-only members (no declaration: links dropped)',
      server: refusesReadOnly(),
      profile: NO_READ_ONLY,
    },
    { name: 'reference server (bankrupt takes its default)', server: reference(), profile: WRITE_PROFILE },
    { name: 'reference server (bankruptDate removed)', server: reference(), profile: WITH_DATE },
  ],
  invalid: [
    {
      name: 'an absent optional property keeps its value',
      server: mergingPut(),
      profile: WRITE_PROFILE,
      findings: ['notDefault'],
    },
    {
      name: 'an absent optional date keeps its value',
      server: mergingPut(),
      profile: WITH_DATE,
      findings: ['notDefault'],
    },
    {
      name: 'a PUT without the optional values is refused',
      server: refusesSecondPut(),
      profile: WRITE_PROFILE,
      findings: ['rejected'],
    },
  ],
});
