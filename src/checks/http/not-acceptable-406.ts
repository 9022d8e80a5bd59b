import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'http.not-acceptable-406',
    rule: 'cnt-negot',
    severity: 'error',
    writes: false,
    title: 'A request whose Accept cannot be served answers 406',
    messages: {
      not406: '{{method}} {{url}} with Accept: application/xml answered {{status}} ({{contentType}}) instead of 406.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const exchange = await ctx.get(collection.firstPage(), { headers: { accept: 'application/xml' } });
    const contentType = mediaTypeOf(exchange.response);
    // Serving XML after all honours the Accept header: only JSON (or anything else) answered with 2xx is wrong.
    const ok = exchange.response.status === 406 || (contentType !== undefined && /xml/.test(contentType));
    ctx.expect(ok, 'not406', { ...exchangeData(exchange), contentType: contentType ?? 'no Content-Type' }, exchange);
  },
});
