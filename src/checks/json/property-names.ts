import { defineCheck } from '../../core/define-check.js';
import { reportPaths } from './support/findings.js';
import { hasSampleResponses, SAMPLE_WHAT, sampleResponses } from '../support/sample-responses.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';
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
    title: 'JSON property names are lowerCamelCase (map keys such as embedded hrefs and language codes aside)',
    messages: {
      notLowerCamelCase: '{{url}}: property {{name}} at {{path}} is not lowerCamelCase{{also}}.',
      moreNames: '{{url}}: {{count}} more property names are not lowerCamelCase{{also}}.',
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
      const bad = new Map<string, string>();
      walkJson(exchange.response.json, ({ path, name, mapKey }) => {
        if (!mapKey && (!LOWER_CAMEL.test(name) || TWO_CAPITALS.test(name))) bad.set(path, name);
      });
      reportPaths(causes, exchange, [...bad.keys()], 'notLowerCamelCase', 'moreNames', (path) => ({
        url: exchange.request.url,
        path,
        name: bad.get(path),
      }));
    }
    causes.flush();
  },
});
