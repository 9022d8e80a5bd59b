import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
import { contentLanguage, declaredLanguages, getIn, probePath } from './support/language-probe.js';

/** Both orders, so a server that takes the first or the last range listed fails one of them. */
const casesFor = (a: string, b: string) => [
  { accept: `${b};q=0.5, ${a};q=0.9`, expected: a },
  { accept: `${a};q=0.4, ${b};q=0.8`, expected: b },
];

export default defineCheck({
  meta: {
    id: 'i18n.q-values',
    rule: 'int-negot',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'Accept-Language q-values pick the preferred language',
    messages: {
      notServed:
        'GET {{url}} with Accept-Language {{accept}} answered Content-Language {{got}}, but the API declares it serves {{accept}} (profile `languages`).',
      wrongLanguage:
        '{{method}} {{url}} with Accept-Language "{{accept}}" answered Content-Language {{got}} instead of {{expected}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const path = probePath(ctx);
    const declared = declaredLanguages(ctx);
    if (declared && declared.length < 2)
      return ctx.skip(`the profile declares one language (${declared.join(', ')}): no preference to pick between`);
    const [a = 'nl', b = 'fr'] = declared ?? [];
    const plain = await Promise.all([getIn(ctx, path, a), getIn(ctx, path, b)]);
    const served = plain.map((exchange, index) => contentLanguage(exchange) === [a, b][index]);
    if (served.includes(false)) {
      if (!declared)
        return ctx.skip(
          `GET ${path} is not served in both ${a} and ${b} (Content-Language ${contentLanguage(plain[0] as Exchange) ?? 'none'} and ${contentLanguage(plain[1] as Exchange) ?? 'none'})`,
        );
      plain.forEach((exchange, index) => {
        ctx.expect(
          served[index] === true,
          'notServed',
          { url: exchange.request.url, accept: [a, b][index], got: contentLanguage(exchange) ?? '(none)' },
          exchange,
        );
      });
      return;
    }
    await Promise.all(
      casesFor(a, b).map(async ({ accept, expected }) => {
        const exchange = await getIn(ctx, path, accept);
        const got = contentLanguage(exchange) ?? '(none)';
        ctx.expect(got === expected, 'wrongLanguage', { ...exchangeData(exchange), accept, got, expected }, exchange);
      }),
    );
  },
});
