import check from '../../../src/checks/patch/absent-kept.js';
import { isObject } from '../../../src/core/util/json.js';
import { ignoresPatchBodies } from './support/ignores-patch.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { isCreatedEmployer, WRITE_PROFILE } from '../create/support/write-profile.js';

/** After a PATCH of a created employer, its name is lost (as a server replacing the whole document would). */
function dropsNameAfterPatch() {
  const patched = new Set<string>();
  return reference({
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PATCH') patched.add(req.path);
      else if (patched.has(req.path) && isObject(res.json)) delete res.json['name'];
    },
  });
}

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference(), profile: WRITE_PROFILE },
    // json-server: merge-patch+json ignored, application/json applied; the behaviour is judged on the type it applies.
    {
      name: 'merge patch ignored, application/json applied',
      server: ignoresPatchBodies(['application/merge-patch+json']),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'a server answering 200 that ignores every patch body',
      server: ignoresPatchBodies(),
      profile: WRITE_PROFILE,
      findings: ['ignored'],
    },
    {
      name: 'a property absent from the patch is dropped',
      server: dropsNameAfterPatch(),
      profile: WRITE_PROFILE,
      findings: ['notKept'],
    },
  ],
});
