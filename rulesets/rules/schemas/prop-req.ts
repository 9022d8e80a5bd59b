import { defineRule, type RuleCase } from '../define.js';
import { P, withSchemas } from '../documents.js';
import { declaredProperties, inventory, type SchemaVisit } from '../../support/inventory.js';
import { asArray, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** The property names a `required` list may name: own, allOf, oneOf/anyOf members, and a composing parent's. */
function availableProperties(visit: SchemaVisit): Set<string> {
  const names = new Set<string>();
  const addFrom = (schema: Json) => {
    for (const n of declaredProperties(schema).keys()) names.add(n);
  };
  addFrom(visit.schema);
  for (const keyword of ['oneOf', 'anyOf'] as const)
    asArray(visit.schema[keyword]).forEach((m) => isObject(m) && addFrom(m));
  if (visit.parent && (visit.relation === 'allOf' || visit.relation === 'oneOf' || visit.relation === 'anyOf')) {
    addFrom(visit.parent.schema);
    const grand = visit.parent.parent;
    if (grand && visit.parent.relation === 'allOf') addFrom(grand.schema);
  }
  return names;
}
/** prop-req: every `required` entry is declared as a property. */
const requiredDeclared = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    const { schema, at } = visit;
    if (!Array.isArray(schema.required) || schema.required.length === 0) continue;
    if (isObject(schema.additionalProperties) || schema.additionalProperties === true) continue;
    const available = availableProperties(visit);
    schema.required.forEach((name, i) => {
      if (typeof name === 'string' && !available.has(name)) {
        out.push(finding(`Required property "${name}" is not declared in properties`, [...at, 'required', i]));
      }
    });
  }
  return out;
});

export const rule = defineRule({
  code: 'prop-req',
  severity: 'error',
  description: 'Every required property is declared in properties',
  then: requiredDeclared,
});

export const cases = (): RuleCase[] => [
  {
    name: 'required name not declared',
    errors: [{ path: P('A', 'required', 1), message: 'nmae' }],
    document: withSchemas({
      A: {
        type: 'object',
        required: ['id', 'nmae'],
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      },
    }),
  },
  {
    name: 'declared inline, through allOf, or by the oneOf parent',
    errors: [],
    document: withSchemas({
      A: { allOf: [{ type: 'object', properties: { id: { type: 'string' } } }], required: ['id'] },
      B: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        oneOf: [{ required: ['a'] }, { required: ['b'] }],
      },
    }),
  },
];
