import { defineCheck } from '../../core/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { NEVER_MATCHES } from '../support/own-writes.js';

export default defineCheck({
  meta: {
    id: 'http.method-not-allowed-405',
    rule: 'meth-http',
    severity: 'error',
    writes: true,
    title: 'A method a resource does not support (PUT on a collection) answers 405 with an Allow header',
    messages: {
      not405: '{{method}} {{url}} (collections take no PUT) answered {{status}} instead of 405.',
      missingAllow: '{{method}} {{url}} answered 405 without an Allow header listing the supported methods.',
      allowLacksGet: '{{method}} {{url}} answered 405 with Allow: {{allow}}, which does not list GET.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    // PUT is a write: only with --allow-writes, in case a server wrongly honours it.
    const exchange = await ctx.request({
      method: 'PUT',
      url: collection.path,
      json: {},
      headers: { ...NEVER_MATCHES },
    });
    const data = exchangeData(exchange);
    if (!ctx.expect(exchange.response.status === 405, 'not405', data, exchange)) return;
    const allow = exchange.response.headers['allow'];
    if (!ctx.expect(allow !== undefined, 'missingAllow', data, exchange) || allow === undefined) return;
    ctx.expect(/\bGET\b/i.test(allow), 'allowLacksGet', { ...data, allow }, exchange);
  },
});
