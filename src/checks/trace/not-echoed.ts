import { randomUUID } from 'node:crypto';
import { defineCheck } from '../../core/engine/define-check.js';

export default defineCheck({
  meta: {
    id: 'trace.not-echoed',
    rule: 'trc-header',
    severity: 'warning',
    writes: false,
    title: "The response trace id is the provider's own; a related trace id header echoes the consumer's",
    messages: {
      echoed: 'GET {{url}} with {{header}} {{sent}} answered the same id instead of generating its own.',
      relatedMismatch:
        'GET {{url}} with {{header}} {{sent}} answered {{related}} {{value}}; it must equal the id sent.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const sent = randomUUID();
    const url = ctx.target.collections[0]?.firstPage() ?? api.health;
    const exchange = await ctx.get(url, { headers: { [api.traceHeader]: sent } });
    const received = exchange.response.headers[api.traceHeader.toLowerCase()];
    if (received === undefined)
      return ctx.skip(`no ${api.traceHeader} header in the response (trace.header-present reports it)`);
    const data = { url: exchange.request.url, header: api.traceHeader, sent };
    ctx.expect(received.toLowerCase() !== sent, 'echoed', data, exchange);
    // BelGov-Trace-Id → BelGov-Related-Trace-Id: the optional header that carries the consumer's id.
    const related = api.traceHeader.replace(/Trace-Id$/i, 'Related-Trace-Id');
    const value = exchange.response.headers[related.toLowerCase()];
    if (value !== undefined) ctx.expect(value === sent, 'relatedMismatch', { ...data, related, value }, exchange);
  },
});
