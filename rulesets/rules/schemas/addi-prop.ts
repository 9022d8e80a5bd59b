import { defineRule, type RuleCase } from '../define.js';
import { ASYNC_BASE, P, withSchemas } from '../documents.js';
import { declaredProperties, inventory } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** addi-prop: additionalProperties only for maps, not next to declared properties. */
const additionalPropertiesForMaps = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const hasProperties = isObject(schema.properties) && Object.keys(schema.properties).length > 0;
    const open = schema.additionalProperties === true || isObject(schema.additionalProperties);
    // An Asynchronous Message (declares specversion) may carry CloudEvents extension attributes.
    if (hasProperties && open && !declaredProperties(schema).has('specversion')) {
      out.push(
        finding('additionalProperties should only be used for maps, not in a schema that declares properties', [
          ...at,
          'additionalProperties',
        ]),
      );
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'addi-prop',
  severity: 'warn',
  description: 'additionalProperties is used only for maps',
  then: additionalPropertiesForMaps,
});

export const cases = (): RuleCase[] => [
  {
    name: 'FP: an Asynchronous Message open to CloudEvents extension attributes',
    errors: [],
    document: withSchemas({
      AsynchronousMessageBase: ASYNC_BASE,
      AsynchronousMessage: {
        allOf: [{ $ref: '#/components/schemas/AsynchronousMessageBase' }],
        type: 'object',
        properties: { data: {} },
        additionalProperties: true,
      },
    }),
  },

  {
    name: 'properties and additionalProperties',
    errors: [{ path: P('A', 'additionalProperties') }],
    document: withSchemas({
      A: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } },
    }),
  },
  {
    name: 'a map; a closed object',
    errors: [],
    document: withSchemas({
      M: { type: 'object', additionalProperties: { type: 'string' } },
      C: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    }),
  },
];
