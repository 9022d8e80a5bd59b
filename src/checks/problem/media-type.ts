import { defineCheck } from '../../core/define-check.js';
import { mediaTypeOf } from '../../core/exchange.js';
import { bodyOptional, exchangeData, provokeErrorResponses } from '../../core/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'problem.media-type', rule: 'err-problem', severity: 'error', writes: false,
    title: 'Error responses carry an application/problem+json body',
    messages: {
      wrongMediaType: '{{method}} {{url}} answered {{status}} with Content-Type {{contentType}} instead of application/problem+json.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    for (const exchange of await provokeErrorResponses(ctx)) {
      if (bodyOptional(exchange)) { ctx.pass(); continue; }
      const contentType = mediaTypeOf(exchange.response);
      ctx.expect(contentType === 'application/problem+json', 'wrongMediaType', { ...exchangeData(exchange), contentType: contentType ?? '(none)' }, exchange);
    }
  },
});
