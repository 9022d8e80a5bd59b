import { defineCheck } from '../../core/define-check.js';
import { hasSampleResponses, SAMPLE_WHAT, sampleResponses } from '../support/sample-responses.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';
import { walkJson } from './support/walk-json.js';

// lowerCamelCase with digits; abbreviations are lowerCamel too (`ssin`, `nihiiNumber`), so no two capitals in a row.
const LOWER_CAMEL = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)*$/;
const TWO_CAPITALS = /[A-Z]{2}/;
/** Names reported one by one; beyond them one finding counts the rest. */
const MAX_NAMES = 10;

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
    // One finding per name, wherever it shows: renaming `vat_number` is one fix, however many answers carry it.
    const causes = new Causes(ctx, (messageId, data) =>
      messageId === 'notLowerCamelCase' ? `${messageId} ${String(data['name'])}` : messageId,
    );
    const names = new Set<string>();
    const more = new Set<string>();
    for (const exchange of exchanges) {
      let bad = 0;
      walkJson(exchange.response.json, ({ path, name, mapKey }) => {
        if (mapKey || (LOWER_CAMEL.test(name) && !TWO_CAPITALS.test(name))) return;
        bad++;
        if (names.has(name) || names.size < MAX_NAMES) {
          names.add(name);
          causes.report('notLowerCamelCase', { url: exchange.request.url, path, name }, exchange);
        } else if (!more.has(name)) {
          more.add(name);
          causes.report('moreNames', { url: exchange.request.url, count: 0 }, exchange);
        }
      });
      if (bad === 0) causes.pass();
    }
    causes.flush({ moreNames: { count: more.size } });
  },
});
