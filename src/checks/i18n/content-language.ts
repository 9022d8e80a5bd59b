import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { fingerprint } from '../support/fingerprint.js';
import { Causes, judgeableTraffic, judgingRecording, NEEDS_PROBING } from '../support/traffic.js';
import { contentLanguage, declaredLanguages, getIn, probePath } from './support/language-probe.js';

/** Tried when the profile declares no languages: the content must then differ for the check to apply. */
const LANGUAGES = ['nl', 'fr', 'de', 'en'];

export default defineCheck({
  meta: {
    id: 'i18n.content-language',
    rule: 'int-conlang',
    severity: 'error',
    writes: false,
    evidence: 'reads',
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
    const declared = declaredLanguages(ctx);
    if (judgingRecording(ctx)) return judgeRecorded(ctx, declared);
    const path = probePath(ctx);
    const languages = declared ?? LANGUAGES;
    const answers = await Promise.all(languages.map((language) => getIn(ctx, path, language)));
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

/** `instance` names the occurrence, so it differs on every problem whatever the language. */
const text = (exchange: Exchange) =>
  `${exchange.response.status} ${fingerprint(exchange.response.json ?? exchange.response.text, ['self', 'instance'])}`;

/**
 * A recording: each URL recorded with Accept-Language of one language (declared ones, when the profile declares
 * some) whose content shows it depends on the language (answers differ between languages, or one of them carries
 * Content-Language or Vary: Accept-Language) is judged as the probe path of a run.
 */
async function judgeRecorded(
  ctx: CheckContext<'missing' | 'notServed'>,
  declared: string[] | undefined,
): Promise<void> {
  const byUrl = new Map<string, Exchange[]>();
  for (const exchange of await judgeableTraffic(ctx, [])) {
    const accept = exchange.request.headers['accept-language']?.trim();
    if (exchange.request.method !== 'GET' || !accept || accept.includes(',')) continue;
    if (declared && !declared.includes(primaryOf(accept))) continue;
    byUrl.set(exchange.request.url, [...(byUrl.get(exchange.request.url) ?? []), exchange]);
  }
  const causes = new Causes(ctx);
  let judged = 0;
  for (const answers of byUrl.values()) {
    const languages = new Set(answers.map((e) => primaryOf(e.request.headers['accept-language'] ?? '')));
    const localized =
      (languages.size >= 2 && new Set(answers.map(text)).size >= 2) ||
      answers.some(
        (e) =>
          e.response.headers['content-language'] !== undefined ||
          /(^|,)\s*accept-language\s*(,|$)/i.test(e.response.headers['vary'] ?? ''),
      );
    if (!localized) continue;
    judged++;
    for (const exchange of answers) {
      const accept = exchange.request.headers['accept-language']?.trim() ?? '';
      const data = { url: exchange.request.url, accept };
      if (!causes.expect(exchange.response.headers['content-language'] !== undefined, 'missing', data, exchange))
        continue;
      if (declared)
        causes.expect(
          contentLanguage(exchange) === primaryOf(accept),
          'notServed',
          { ...data, got: contentLanguage(exchange) },
          exchange,
        );
    }
  }
  causes.flush();
  if (judged === 0)
    ctx.skip(`${NEEDS_PROBING} (no GET recorded with Accept-Language shows content that depends on the language)`);
}

/** The primary subtag of a language tag, lower-cased (`nl` of `nl-BE`). */
const primaryOf = (tag: string): string => tag.toLowerCase().split('-')[0] ?? tag;
