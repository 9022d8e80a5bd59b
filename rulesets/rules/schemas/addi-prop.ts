import { defineRule, type RuleCase } from '../define.js';
import { ASYNC_BASE, P, withSchemas } from '../documents.js';
import { declaredProperties, inventory } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

/**
 * Properties declared and others admitted; an Asynchronous Message (declares specversion) may be, for
 * CloudEvents extension attributes.
 */
const openBesideProperties = (schema: Json): boolean =>
  isObject(schema.properties) &&
  Object.keys(schema.properties).length > 0 &&
  (schema.additionalProperties === true || isObject(schema.additionalProperties)) &&
  !declaredProperties(schema).has('specversion');
/** addi-prop: additionalProperties only for maps, not next to declared properties. */
const additionalPropertiesForMaps = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const { schemas } = inventory(root);
  return schemas
    .filter(({ schema }) => openBesideProperties(schema))
    .map(({ at }) =>
      finding('additionalProperties should only be used for maps, not in a schema that declares properties', [
        ...at,
        'additionalProperties',
      ]),
    );
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
