import { defineCheck } from '../../core/define-check.js';
import { reportPaths } from './support/findings.js';
import { hasSampleResponses, SAMPLE_WHAT, sampleResponses } from '../support/sample-responses.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';
import { walkJson } from './support/walk-json.js';

export default defineCheck({
  meta: {
    id: 'json.no-null',
    rule: 'jsn-null',
    severity: 'warning',
    writes: false,
    title: 'Response bodies omit properties without a value instead of giving them null',
    messages: {
      nullValue: '{{url}}: {{path}} is null; a property without a value should be left out{{also}}.',
      moreNulls: '{{url}}: {{count}} more properties are null{{also}}.',
    },
  },
  appliesTo: 'api',
  requires: { what: SAMPLE_WHAT, test: (_api, target) => hasSampleResponses(target) },
  judgesTraffic: true,
  async run(ctx) {
    const exchanges = (await judgeableTraffic(ctx, await sampleResponses(ctx), { representations: true })).filter(
      (e) => e.response.json !== undefined,
    );
    if (exchanges.length === 0) ctx.skip('no response had a JSON body');
    const causes = new Causes(ctx);
    for (const exchange of exchanges) {
      const nulls: string[] = [];
      // Array elements that are null are values too (`[*]` paths); a top-level null body is one as well.
      if (exchange.response.json === null) nulls.push('$');
      walkJson(exchange.response.json, ({ path, value }) => {
        if (value === null) nulls.push(path);
        if (Array.isArray(value) && value.includes(null)) nulls.push(`${path}[*]`);
      });
      reportPaths(causes, exchange, nulls, 'nullValue', 'moreNulls', (path) => ({ url: exchange.request.url, path }));
    }
    causes.flush();
  },
});
