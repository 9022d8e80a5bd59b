import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { bodyOptional, exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

export default defineCheck({
  meta: {
    id: 'problem.media-type',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Error responses carry an application/problem+json body',
    messages: {
      wrongMediaType:
        '{{method}} {{url}} answered {{status}} with Content-Type {{contentType}} instead of application/problem+json{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const errors = await errorAnswers(ctx, await provokeErrors(ctx));
    // An error in a media type the API's own successful answers carry is its framework rendering the error like a
    // success (DRF: application/json, and its OpenAPI renderer's type at the document): one handler, one cause.
    // HTML aside: a page that succeeded (a docs UI) says nothing of who wrote an HTML error page.
    const successTypes = new Set(
      ctx
        .traffic()
        .filter((e) => e.response.status >= 200 && e.response.status < 300)
        .map((e) => mediaTypeOf(e.response))
        .filter((type): type is string => type !== undefined && type !== 'text/html'),
    );
    const causes = new Causes(ctx, (messageId, data) => {
      const type = String(data['contentType']);
      return `${messageId} ${successTypes.has(type) ? 'rendered like a success' : type}`;
    });
    for (const exchange of errors) {
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
