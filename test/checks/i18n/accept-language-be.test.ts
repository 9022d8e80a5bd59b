import check from '../../../src/checks/i18n/accept-language-be.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'nl-BE refused with 406', server: reference({ mutate: (req, res) => { if (req.headers['accept-language'] === 'nl-BE') res.status = 406; } }), findings: ['notAcceptable'] },
    {
      name: 'Belgian variants fall back to English',
      server: reference({ mutate: (req, res) => { if (String(req.headers['accept-language']).endsWith('-BE')) res.headers['content-language'] = 'en'; } }),
      findings: ['noRegionalFallback'],
    },
  ],
});
