import check from '../../../src/checks/i18n/accept-language-be.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { ignoresAcceptLanguage, UNDECLARED } from './support/language-servers.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'a server ignoring Accept-Language, no languages declared (nothing to demand)',
      server: ignoresAcceptLanguage(),
      profile: UNDECLARED,
    },
  ],
  invalid: [
    {
      name: 'nl-BE refused with 406',
      server: reference({
        mutate: (req, res) => {
          if (req.headers['accept-language'] === 'nl-BE') res.status = 406;
        },
      }),
      findings: ['notAcceptable'],
    },
    {
      name: 'Belgian variants fall back to English',
      server: reference({
        mutate: (req, res) => {
          if (String(req.headers['accept-language']).endsWith('-BE')) res.headers['content-language'] = 'en';
        },
      }),
      findings: ['noRegionalFallback'],
    },
    {
      name: 'ignores Accept-Language although the profile declares nl and fr',
      server: ignoresAcceptLanguage(),
      findings: ['notServed'],
    },
  ],
});
