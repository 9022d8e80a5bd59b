import check from '../../../src/checks/i18n/unsupported-language-default.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { localizesNothing, UNDECLARED } from './support/language-servers.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    { name: 'localizes nothing, no languages declared', server: localizesNothing(), profile: UNDECLARED },
  ],
  invalid: [
    {
      name: 'unknown language refused with 406',
      server: reference({
        mutate: (req, res) => {
          if (req.headers['accept-language'] === 'xx') res.status = 406;
        },
      }),
      findings: ['statusDiffers'],
    },
    {
      name: 'unknown language echoed (no languages declared)',
      server: reference({
        mutate: (req, res) => {
          if (req.headers['accept-language'] === 'xx') res.headers['content-language'] = 'xx';
        },
      }),
      profile: UNDECLARED,
      findings: ['noDefault'],
    },
    {
      name: 'unknown language echoed (declared en, nl, fr, de)',
      server: reference({
        mutate: (req, res) => {
          if (req.headers['accept-language'] === 'xx') res.headers['content-language'] = 'xx';
        },
      }),
      findings: ['undeclaredDefault'],
    },
    {
      name: 'localizes nothing although the profile declares languages',
      server: localizesNothing(),
      findings: ['undeclaredDefault'],
    },
  ],
});
