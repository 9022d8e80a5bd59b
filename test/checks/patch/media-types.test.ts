import check from '../../../src/checks/patch/media-types.js';
import { ignoresPatchBodies } from './support/ignores-patch.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const refusing = (contentType: string) =>
  reference({
    mutate: (req, res) => {
      if (req.method === 'PATCH' && req.headers['content-type'] === contentType) {
        res.status = 415;
        res.text = '';
      }
    },
  });

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    {
      name: 'a server answering 200 that ignores merge-patch bodies (json-server)',
      server: ignoresPatchBodies(),
      profile: WRITE_PROFILE,
      findings: ['ignored'],
    },
    {
      name: 'application/json refused',
      server: refusing('application/json'),
      profile: WRITE_PROFILE,
      findings: ['refused'],
    },
    {
      name: 'application/merge-patch+json refused',
      server: refusing('application/merge-patch+json'),
      profile: WRITE_PROFILE,
      findings: ['refused'],
    },
    {
      name: 'a server ignoring bodies sent as application/json only',
      server: ignoresPatchBodies(['application/json']),
      profile: WRITE_PROFILE,
      findings: ['ignored'],
    },
  ],
});
