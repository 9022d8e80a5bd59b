import { defineCheck } from '../../core/engine/define-check.js';
import { hasSampleResponses, SAMPLE_WHAT, sampleResponses } from '../support/sample-responses.js';
import { judgeableTraffic } from '../support/traffic.js';
import { NamedFaults } from './support/named-faults.js';
import { walkJson } from './support/walk-json.js';

export default defineCheck({
  meta: {
    id: 'json.no-null',
    rule: 'jsn-null',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title: 'Response bodies omit properties without a value instead of giving them null',
    messages: {
      nullValue: '{{url}}: {{path}} is null; a property without a value should be left out{{others}}{{also}}.',
    },
  },
  appliesTo: 'api',
  requires: { what: SAMPLE_WHAT, test: (_api, target) => hasSampleResponses(target) },
  async run(ctx) {
    const exchanges = (await judgeableTraffic(ctx, await sampleResponses(ctx), { representations: true })).filter(
      (e) => e.response.json !== undefined,
    );
    if (exchanges.length === 0) ctx.skip('no response had a JSON body');
    // One finding for every member given null: the API's serializer writes its nulls one way, so the fix is one.
    const faults = new NamedFaults();
    for (const exchange of exchanges) {
      // Array elements that are null are values too (`[*]` paths); a top-level null body is one as well.
      if (exchange.response.json === null) faults.add('$', '$', exchange);
      walkJson(exchange.response.json, ({ path, name, value }) => {
        if (value === null) faults.add(name, path, exchange);
        if (Array.isArray(value) && value.includes(null)) faults.add(`${name}[*]`, `${path}[*]`, exchange);
      });
    }
    faults.flush(ctx, 'nullValue', 'so are');
  },
});
