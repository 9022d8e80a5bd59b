import { defineCheck } from '../../core/define-check.js';
import { exchangeData } from '../../core/provoke-errors.js';
import { contentLanguage, getIn, probePath } from './support/language-probe.js';

/** Both orders, so a server that takes the first or the last range listed fails one of them. */
const CASES = [
  { accept: 'fr;q=0.5, nl;q=0.9', expected: 'nl' },
  { accept: 'nl;q=0.4, fr;q=0.8', expected: 'fr' },
];

export default defineCheck({
  meta: {
    id: 'i18n.q-values', rule: 'int-negot', severity: 'error', writes: false,
    title: 'Accept-Language q-values pick the preferred language',
    messages: {
      wrongLanguage: '{{method}} {{url}} with Accept-Language "{{accept}}" answered Content-Language {{got}} instead of {{expected}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const path = probePath(ctx);
    const [nl, fr] = await Promise.all([getIn(ctx, path, 'nl'), getIn(ctx, path, 'fr')]);
    if (contentLanguage(nl) !== 'nl' || contentLanguage(fr) !== 'fr') {
      return ctx.skip(`GET ${path} is not served in both nl and fr (Content-Language ${contentLanguage(nl) ?? 'none'} and ${contentLanguage(fr) ?? 'none'})`);
    }
    await Promise.all(CASES.map(async ({ accept, expected }) => {
      const exchange = await getIn(ctx, path, accept);
      const got = contentLanguage(exchange) ?? '(none)';
      ctx.expect(got === expected, 'wrongLanguage', { ...exchangeData(exchange), accept, got, expected }, exchange);
    }));
  },
});
