import check from '../../../src/checks/patch/media-types.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const refusing = (contentType: string) => reference({
  mutate: (req, res) => { if (req.method === 'PATCH' && req.headers['content-type'] === contentType) { res.status = 415; res.text = ''; } },
});

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    { name: 'application/json refused', server: refusing('application/json'), profile: WRITE_PROFILE, findings: ['refused'] },
    { name: 'application/merge-patch+json refused', server: refusing('application/merge-patch+json'), profile: WRITE_PROFILE, findings: ['refused'] },
  ],
});
