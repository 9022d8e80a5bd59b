import { defineCheck } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { fingerprint } from '../id/support/fingerprint.js';
import { getIn, probePath } from './support/language-probe.js';

const LANGUAGES = ['nl', 'fr', 'de', 'en'];

export default defineCheck({
  meta: {
    id: 'i18n.content-language', rule: 'int-conlang', severity: 'error', writes: false,
    title: 'A response whose content depends on Accept-Language carries Content-Language',
    messages: {
      missing: 'GET {{url}} with Accept-Language {{accept}} answered localized content without a Content-Language header.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const path = probePath(ctx);
    const answers = await Promise.all(LANGUAGES.map((language) => getIn(ctx, path, language)));
    // `instance` names the occurrence, so it differs on every problem whatever the language.
    const texts = new Set(answers.map((exchange: Exchange) => `${exchange.response.status} ${fingerprint(exchange.response.json ?? exchange.response.text, ['self', 'instance'])}`));
    if (texts.size < 2) ctx.skip(`GET ${path} answers the same content in ${LANGUAGES.join(', ')}: nothing is localized`);
    answers.forEach((exchange, index) => {
      ctx.expect(exchange.response.headers['content-language'] !== undefined, 'missing', { url: exchange.request.url, accept: LANGUAGES[index] }, exchange);
    });
  },
});
