import { expect, it } from 'vitest';
import check from '../../../src/checks/i18n/q-values.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { ignoresAcceptLanguage, UNDECLARED } from './support/language-servers.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'reference server, declared de and en (the pair comes from the profile)',
      server: reference(),
      profile: { ...BUILT_IN_PROFILE, languages: ['de', 'en'] },
    },
  ],
  invalid: [
    {
      name: 'the first range listed wins, whatever its q',
      server: reference({
        mutate: (req, res) => {
          const accept = String(req.headers['accept-language'] ?? '');
          if (accept.includes('q=')) res.headers['content-language'] = accept.split(/[;,]/)[0]?.trim() ?? '';
        },
      }),
      findings: ['wrongLanguage'],
    },
    {
      name: 'ignores Accept-Language although the profile declares languages',
      server: ignoresAcceptLanguage(),
      findings: ['notServed'],
    },
  ],
});

it('i18n.q-values skips an API not served in both nl and fr when the profile declares no languages', async () => {
  const report = await runOne(
    check,
    reference({
      mutate: (_req, res) => {
        res.headers['content-language'] = 'en';
      },
    }),
    UNDECLARED,
  );
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
});
