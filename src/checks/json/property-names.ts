import { defineNamedFaultsCheck } from './support/named-faults.js';
import { walkJson } from './support/walk-json.js';

// lowerCamelCase with digits; abbreviations are lowerCamel too (`ssin`, `nihiiNumber`), so no two capitals in a row.
const LOWER_CAMEL = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)*$/;
const TWO_CAPITALS = /[A-Z]{2}/;

// One finding for every name at fault: the API's serializer names its members one way, so the fix is one.
export default defineNamedFaultsCheck({
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
  messageId: 'notLowerCamelCase',
  othersAre: 'nor are',
  visit(exchange, faults) {
    walkJson(exchange.response.json, ({ path, name, mapKey }) => {
      if (!mapKey && (!LOWER_CAMEL.test(name) || TWO_CAPITALS.test(name))) faults.add(name, path, exchange);
    });
  },
});
