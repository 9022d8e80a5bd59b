import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { contentLanguage, declaredLanguages, getIn, probePath } from './support/language-probe.js';

const UNSUPPORTED = 'xx';

export default defineCheck({
  meta: {
    id: 'i18n.unsupported-language-default',
    rule: 'int-negot',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'An Accept-Language the API does not speak gets the default language, not 406',
    messages: {
      statusDiffers: '{{method}} {{url}} with Accept-Language xx answered {{status}}, without it {{plainStatus}}.',
      undeclaredDefault:
        '{{method}} {{url}} with Accept-Language xx answered Content-Language {{got}}: not one of the languages the API declares ({{languages}}, profile `languages`).',
      noDefault:
        '{{method}} {{url}} with Accept-Language xx answered Content-Language {{got}} instead of its default language {{default}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const path = probePath(ctx);
    const [plain, foreign] = await Promise.all([getIn(ctx, path), getIn(ctx, path, UNSUPPORTED)]);
    const data = { ...exchangeData(foreign), plainStatus: plain.response.status };
    if (!ctx.expect(foreign.response.status === plain.response.status, 'statusDiffers', data, foreign, plain)) return;
    const declared = declaredLanguages(ctx);
    const got = contentLanguage(foreign) ?? '(none)';
    // A declared API must fall back to one of its languages, and say which.
    if (
      declared &&
      !ctx.expect(
        declared.includes(got),
        'undeclaredDefault',
        { ...data, got, languages: declared.join(', ') },
        foreign,
      )
    )
      return;
    const fallback = contentLanguage(plain);
    if (fallback === undefined) return ctx.pass();
    ctx.expect(got === fallback, 'noDefault', { ...data, got, default: fallback }, foreign, plain);
  },
});
