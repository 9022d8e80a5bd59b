import { defineCheck } from '../../core/engine/define-check.js';
import { hasSampleResponses, SAMPLE_WHAT, sampleResponses } from '../support/sample-responses.js';
import { judgeableTraffic } from '../support/traffic.js';
import { NamedFaults } from './support/named-faults.js';
import { walkJson } from './support/walk-json.js';

// lowerCamelCase with digits; abbreviations are lowerCamel too (`ssin`, `nihiiNumber`), so no two capitals in a row.
const LOWER_CAMEL = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)*$/;
const TWO_CAPITALS = /[A-Z]{2}/;

export default defineCheck({
  meta: {
    id: 'json.property-names',
    rule: 'jsn-naming',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title: 'JSON property names are lowerCamelCase (map keys such as embedded hrefs and language codes aside)',
    messages: {
      notLowerCamelCase: '{{url}}: property {{name}} at {{path}} is not lowerCamelCase{{others}}{{also}}.',
    },
  },
  appliesTo: 'api',
  requires: { what: SAMPLE_WHAT, test: (_api, target) => hasSampleResponses(target) },
  async run(ctx) {
    const exchanges = (await judgeableTraffic(ctx, await sampleResponses(ctx), { representations: true })).filter(
      (e) => e.response.json !== undefined,
    );
    if (exchanges.length === 0) ctx.skip('no response had a JSON body');
    // One finding for every name at fault: the API's serializer names its members one way, so the fix is one.
    const faults = new NamedFaults();
    for (const exchange of exchanges)
      walkJson(exchange.response.json, ({ path, name, mapKey }) => {
        if (!mapKey && (!LOWER_CAMEL.test(name) || TWO_CAPITALS.test(name))) faults.add(name, path, exchange);
      });
    faults.flush(ctx, 'notLowerCamelCase', 'nor are');
  },
});
