import { expect, it } from 'vitest';
import check from '../../../src/checks/i18n/content-language.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { ignoresAcceptLanguage, localizesNothing, UNDECLARED } from './support/language-servers.js';

testCheck(check, {
  valid: [
    { name: 'reference server (problem details are localized)', server: reference() },
    { name: 'reference server, no languages declared', server: reference(), profile: UNDECLARED },
  ],
  invalid: [
    {
      name: 'localized details without Content-Language',
      server: reference({
        mutate: (_req, res) => {
          delete res.headers['content-language'];
        },
      }),
      findings: ['missing'],
    },
    {
      name: 'ignores Accept-Language although the profile declares en, nl, fr, de',
      server: ignoresAcceptLanguage(),
      findings: ['notServed'],
    },
    {
      name: 'localizes nothing although the profile declares languages',
      server: localizesNothing(),
      findings: ['missing'],
    },
  ],
});

it('i18n.content-language skips an API that localizes nothing when the profile declares no languages', async () => {
  const report = await runOne(check, localizesNothing(), UNDECLARED);
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
});

/** localizesNothing, except that the first French answer was changed by another client meanwhile. */
const changedOnceInFrench = () => {
  let changed = false;
  return reference({
    mutate: (req, res) => {
      delete res.headers['content-language'];
      if (res.json === null || typeof res.json !== 'object' || !('detail' in res.json)) return;
      const body = res.json as Record<string, unknown>;
      body['detail'] = 'Not found';
      if (changed || !String(req.headers['accept-language'] ?? '').startsWith('fr')) return;
      changed = true;
      body['title'] = 'Changed meanwhile';
    },
  });
};

it('i18n.content-language does not take one answer changed by another client for localized content', async () => {
  const report = await runOne(check, changedOnceInFrench(), UNDECLARED);
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
  expect(report.results[0]?.message).toMatch(
    /^could not confirm that GET \S+ is localized: in fr it answered differently when asked again/,
  );
});
