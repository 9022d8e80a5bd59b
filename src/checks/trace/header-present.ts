import { defineCheck } from '../../core/define-check.js';
import { exchangeData, provokeErrors } from '../../core/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'trace.header-present', rule: 'trc-header', severity: 'warning', writes: false,
    title: 'Responses carry a provider-generated trace id header (BelGov-Trace-Id) of at most 36 characters',
    messages: {
      missing: '{{method}} {{url}} answered {{status}} without a {{header}} header.',
      tooLong: '{{method}} {{url}} answered {{status}} with a {{header}} of {{length}} characters (at most 36).',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const first = ctx.target.collections[0];
    const exchanges = [...(first ? [await ctx.get(first.firstPage())] : []), ...await provokeErrors(ctx)];
    const header = api.traceHeader;
    for (const exchange of exchanges) {
      const value = exchange.response.headers[header.toLowerCase()];
      if (!ctx.expect(value !== undefined, 'missing', { ...exchangeData(exchange), header }, exchange) || value === undefined) continue;
      ctx.expect(value.length <= 36, 'tooLong', { ...exchangeData(exchange), header, length: value.length }, exchange);
    }
  },
});
