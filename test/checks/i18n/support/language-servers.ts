// Servers and profiles for the i18n tests: a server that ignores Accept-Language, and a profile that declares no languages.
import { BUILT_IN_PROFILE, type Profile } from '../../../../src/core/profile/profile.js';
import { reference } from '../../../helpers/check-harness.js';

/** Answers every request in English, whatever Accept-Language asks (the content as the default language gives it). */
export const ignoresAcceptLanguage = () =>
  reference({
    mutate: (req, res) => {
      if (req.headers['accept-language'] !== undefined && res.headers['content-language'] !== 'en') {
        res.headers['content-language'] = 'en';
        if (res.json !== null && typeof res.json === 'object' && 'detail' in res.json)
          (res.json as Record<string, unknown>)['detail'] = 'No resource found';
      }
    },
  });

/** Localizes nothing at all: no Content-Language, the same detail in every language. */
export const localizesNothing = () =>
  reference({
    mutate: (_req, res) => {
      delete res.headers['content-language'];
      if (res.json !== null && typeof res.json === 'object' && 'detail' in res.json)
        (res.json as Record<string, unknown>)['detail'] = 'Not found';
    },
  });

/** The built-in profile without declared languages: the i18n checks fall back to guessing from answers. */
export const UNDECLARED: Profile = (({ languages: _languages, ...rest }) => rest)(BUILT_IN_PROFILE);
