import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { NEVER_MATCHES } from '../support/own-writes.js';

// Methods a collection commonly does not support, the guide's example first. DELETE is never one: on a
// collection it removes items. An empty merge patch changes nothing, so PATCH is the gentler second.
const PROBES = ['PUT', 'PATCH'] as const;

export default defineCheck({
  meta: {
    id: 'http.method-not-allowed-405',
    rule: 'meth-http',
    severity: 'error',
    writes: true,
    title:
      'A method a collection does not support (PUT, unless its document declares it) answers 405 with an Allow header',
    messages: {
      not405: '{{method}} {{url}} (a method the collection does not declare) answered {{status}} instead of 405.',
      missingAllow: '{{method}} {{url}} answered 405 without an Allow header listing the supported methods.',
      allowLacksGet: '{{method}} {{url}} answered 405 with Allow: {{allow}}, which does not list GET.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    // A method the document declares on the path is the API's to use (PUT may "update several items"): never probed.
    const method = PROBES.find((candidate) => !collection.methods?.includes(candidate));
    if (method === undefined)
      ctx.skip(
        `not applicable: the document declares ${PROBES.join(' and ')} on ${collection.path}, so no method is left to probe without a write it declares`,
      );
    // A write: only with --allow-writes, and with an If-Match no representation has, in case a server honours it.
    const exchange = await ctx.request({
      method,
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
