import { defineNamedFaultsCheck } from './support/named-faults.js';
import { walkJson } from './support/walk-json.js';

// One finding for every member given null: the API's serializer writes its nulls one way, so the fix is one.
export default defineNamedFaultsCheck({
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
  messageId: 'nullValue',
  othersAre: 'so are',
  visit(exchange, faults) {
    // Array elements that are null are values too (`[*]` paths); a top-level null body is one as well.
    if (exchange.response.json === null) faults.add('$', '$', exchange);
    walkJson(exchange.response.json, ({ path, name, value }) => {
      if (value === null) faults.add(name, path, exchange);
      if (Array.isArray(value) && value.includes(null)) faults.add(`${name}[*]`, `${path}[*]`, exchange);
    });
  },
});
