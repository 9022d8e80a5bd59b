import { defineRule, type RuleCase } from '../define.js';
import { P, v31, withSchemas } from '../documents.js';
import { effectiveType, inventory } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** prf-embed: `embedded` is a map (object with additionalProperties) keyed by the embedded resources' URIs. */
const embeddedIsMap = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const embedded = isObject(schema.properties) ? schema.properties.embedded : undefined;
    if (!isObject(embedded) || typeof embedded.$ref === 'string') continue;
    const isMap =
      effectiveType(embedded) === 'object' &&
      (isObject(embedded.additionalProperties) || embedded.additionalProperties === true);
    if (!isMap)
      out.push(
        finding(
          '"embedded" should be an object with additionalProperties, keyed by the href of each embedded resource',
          [...at, 'properties', 'embedded'],
        ),
      );
  }
  return out;
});

export const rule = defineRule({
  code: 'prf-embed',
  severity: 'error',
  description: "embedded is an object with additionalProperties, keyed by the embedded resources' hrefs",
  then: embeddedIsMap,
});

export const cases = (): RuleCase[] => [
  {
    name: '3.1: a nullable map; a nullable array',
    errors: [{ path: P('B', 'properties', 'embedded') }],
    document: v31(
      withSchemas({
        A: {
          type: 'object',
          properties: { embedded: { type: ['object', 'null'], additionalProperties: { type: 'object' } } },
        },
        B: { type: 'object', properties: { embedded: { type: ['array', 'null'], items: { type: 'object' } } } },
      }),
    ),
  },

  {
    name: 'embedded with fixed properties',
    errors: [{ path: P('A', 'properties', 'embedded') }],
    document: withSchemas({
      A: { type: 'object', properties: { embedded: { type: 'object', properties: { x: { type: 'string' } } } } },
    }),
  },
  {
    name: 'embedded as a map',
    errors: [],
    document: withSchemas({
      A: { type: 'object', properties: { embedded: { type: 'object', additionalProperties: { type: 'object' } } } },
    }),
  },
];
