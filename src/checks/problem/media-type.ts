import { defineCheck } from '../../core/define-check.js';
import { mediaTypeOf } from '../../core/exchange.js';
import { bodyOptional, exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

export default defineCheck({
  meta: {
    id: 'problem.media-type',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    title: 'Error responses carry an application/problem+json body',
    messages: {
      wrongMediaType:
        '{{method}} {{url}} answered {{status}} with Content-Type {{contentType}} instead of application/problem+json{{also}}.',
    },
  },
  appliesTo: 'api',
  judgesTraffic: true,
  async run(ctx) {
    const causes = new Causes(ctx);
    for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) {
      if (bodyOptional(exchange)) {
        causes.pass();
        continue;
      }
      const contentType = mediaTypeOf(exchange.response);
      causes.expect(
        contentType === 'application/problem+json',
        'wrongMediaType',
        { ...exchangeData(exchange), contentType: contentType ?? '(none)' },
        exchange,
      );
    }
    causes.flush();
  },
});
