import { defineRule, type RuleCase } from '../define.js';
import { P, v31, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { oasKind, schemaViolation } from '../../support/schema-validator.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { withYamlHint } from './support/yaml-hint.js';

/** oas-defaul: a `default` must be valid against its schema. */
export const defaultValid = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (!('default' in schema)) continue;
    const why = withYamlHint(schemaViolation(schema, schema.default, kind), schema.default);
    if (why) out.push(finding(`Default value is not valid against its schema: ${why}`, [...at, 'default']));
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-defaul',
  severity: 'error',
  description: 'Default values are valid against their schema',
  then: defaultValid,
});

export const cases = (): RuleCase[] => [
  {
    name: '3.1: null default of a nullable string; a number default',
    errors: [{ path: P('B', 'default') }],
    document: v31(
      withSchemas({ A: { type: ['string', 'null'], default: null }, B: { type: ['string', 'null'], default: 1 } }),
    ),
  },

  {
    name: 'default of the wrong type',
    errors: [{ path: P('A', 'properties', 'size', 'default') }],
    document: withSchemas({
      A: { type: 'object', properties: { size: { type: 'integer', minimum: 1, default: 0 } } },
    }),
  },
  {
    name: 'valid defaults',
    errors: [],
    document: withSchemas({
      A: {
        type: 'object',
        properties: {
          size: { type: 'integer', minimum: 1, default: 1 },
          d: { type: 'string', format: 'date', default: '2024-01-31' },
        },
      },
    }),
  },
];
