import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { contentLanguage, declaredLanguages, getIn, probePath } from './support/language-probe.js';

export default defineCheck({
  meta: {
    id: 'i18n.accept-language-be',
    rule: 'int-negot',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'Accept-Language nl-BE and fr-BE are accepted (never 406) and served in nl and fr when the API speaks them',
    messages: {
      notAcceptable: '{{method}} {{url}} with Accept-Language {{accept}} answered 406.',
      notServed:
        '{{method}} {{url}} with Accept-Language {{language}} answered Content-Language {{got}}, but the API declares it serves {{language}} (profile `languages`).',
      noRegionalFallback:
        '{{method}} {{url}} answers Content-Language {{language}} for {{language}}, but {{got}} for {{accept}}: a Belgian variant must fall back to its language.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const path = probePath(ctx);
    const declared = declaredLanguages(ctx);
    await Promise.all(
      ['nl', 'fr'].map(async (language) => {
        const accept = `${language}-BE`;
        const [plain, regional] = await Promise.all([getIn(ctx, path, language), getIn(ctx, path, accept)]);
        const data = { ...exchangeData(regional), accept, language };
        if (!ctx.expect(regional.response.status !== 406, 'notAcceptable', data, regional)) return;
        // Only an API that serves `nl` at all (declared, else seen) can be held to serving it for nl-BE.
        if (
          declared?.includes(language) &&
          !ctx.expect(
            contentLanguage(plain) === language,
            'notServed',
            { ...exchangeData(plain), language, got: contentLanguage(plain) ?? '(none)' },
            plain,
          )
        )
          return;
        if (contentLanguage(plain) !== language) return;
        const got = contentLanguage(regional) ?? '(none)';
        ctx.expect(got === language, 'noRegionalFallback', { ...data, got }, regional, plain);
      }),
    );
  },
});
