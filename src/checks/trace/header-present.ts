import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';

export default defineCheck({
  meta: {
    id: 'trace.header-present',
    rule: 'trc-header',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title: 'Responses carry a provider-generated trace id header (BelGov-Trace-Id) of at most 36 characters',
    messages: {
      missing: '{{method}} {{url}} answered {{status}} without a {{header}} header{{also}}.',
      tooLong:
        '{{method}} {{url}} answered {{status}} with a {{header}} of {{length}} characters (at most 36){{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const first = ctx.target.collections[0];
    const probes = [...(first ? [await ctx.get(first.firstPage())] : []), ...(await provokeErrors(ctx))];
    const header = api.traceHeader;
    // Every answer of the run, reads and writes, successes and errors alike; one finding per kind of fault.
    const causes = new Causes(ctx, (id) => id);
    for (const exchange of await judgeableTraffic(ctx, probes)) {
      const value = exchange.response.headers[header.toLowerCase()];
      if (
        !causes.expect(value !== undefined, 'missing', { ...exchangeData(exchange), header }, exchange) ||
        value === undefined
      )
        continue;
      causes.expect(
        value.length <= 36,
        'tooLong',
        { ...exchangeData(exchange), header, length: value.length },
        exchange,
      );
    }
    causes.flush();
  },
});
