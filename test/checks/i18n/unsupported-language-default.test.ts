import check from '../../../src/checks/i18n/unsupported-language-default.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'unknown language refused with 406', server: reference({ mutate: (req, res) => { if (req.headers['accept-language'] === 'xx') res.status = 406; } }), findings: ['statusDiffers'] },
    { name: 'unknown language echoed', server: reference({ mutate: (req, res) => { if (req.headers['accept-language'] === 'xx') res.headers['content-language'] = 'xx'; } }), findings: ['noDefault'] },
  ],
});
