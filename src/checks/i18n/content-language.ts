import { defineCheck } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { fingerprint } from '../support/fingerprint.js';
import { contentLanguage, declaredLanguages, getIn, probePath } from './support/language-probe.js';

/** Tried when the profile declares no languages: the content must then differ for the check to apply. */
const LANGUAGES = ['nl', 'fr', 'de', 'en'];

export default defineCheck({
  meta: {
    id: 'i18n.content-language',
    rule: 'int-conlang',
    severity: 'error',
    writes: false,
    title: 'A response whose content depends on Accept-Language carries Content-Language',
    messages: {
      missing:
        'GET {{url}} with Accept-Language {{accept}} answered localized content without a Content-Language header.',
      notServed:
        'GET {{url}} with Accept-Language {{accept}} answered Content-Language {{got}}, but the API declares it serves {{accept}} (profile `languages`).',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const path = probePath(ctx);
    const declared = declaredLanguages(ctx);
    const languages = declared ?? LANGUAGES;
    const answers = await Promise.all(languages.map((language) => getIn(ctx, path, language)));
    // `instance` names the occurrence, so it differs on every problem whatever the language.
    const text = (exchange: Exchange) =>
      `${exchange.response.status} ${fingerprint(exchange.response.json ?? exchange.response.text, ['self', 'instance'])}`;
    const texts = new Set(answers.map(text));
    // Different answers show localized content only if a second round of the same requests answers the same:
    // a random mock, or another client writing between two reads, differs there.
    if (!declared && texts.size >= 2) {
      const again = await Promise.all(languages.map((language) => getIn(ctx, path, language)));
      const moved = again.findIndex(
        (exchange, index) => answers[index] === undefined || text(exchange) !== text(answers[index]),
      );
      if (moved >= 0) {
        ctx.skip(
          `could not confirm that GET ${path} is localized: in ${languages[moved]} it answered differently when asked again (the resource changed during the run, or the API's answers vary)`,
        );
      }
    }
    // Only declared languages are demanded; otherwise identical answers mean nothing is localized.
    if (!declared && texts.size < 2)
      ctx.skip(
        `GET ${path} answers the same content in ${LANGUAGES.join(', ')}: nothing is localized (the profile declares no languages)`,
      );
    answers.forEach((exchange, index) => {
      const data = { url: exchange.request.url, accept: languages[index] };
      if (!ctx.expect(exchange.response.headers['content-language'] !== undefined, 'missing', data, exchange)) return;
      if (declared)
        ctx.expect(
          contentLanguage(exchange) === languages[index],
          'notServed',
          { ...data, got: contentLanguage(exchange) },
          exchange,
        );
    });
  },
});
