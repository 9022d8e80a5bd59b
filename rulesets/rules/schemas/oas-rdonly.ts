import { defineRule, type RuleCase } from '../define.js';
import { P, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { asArray } from '../../support/json.js';
import { ownReadOnlyRequiredNames } from '../../support/composed-names.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/**
 * oas-rdonly: a readOnly property should not be required, also when composition makes it so (readOnly
 * in an allOf member, required in a oneOf branch); reported where the conflict arises, not at every inheritor.
 */
const readOnlyRequired = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (
      !Array.isArray(schema.required) &&
      !Array.isArray(schema.allOf) &&
      !Array.isArray(schema.oneOf) &&
      !Array.isArray(schema.anyOf)
    )
      continue;
    const own = asArray(schema.required);
    for (const name of ownReadOnlyRequiredNames(schema)) {
      const i = own.indexOf(name);
      out.push(
        finding(`Property "${name}" is readOnly and should not be required`, i >= 0 ? [...at, 'required', i] : at),
      );
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-rdonly',
  severity: 'warn',
  description: 'readOnly properties are not required',
  then: readOnlyRequired,
});

export const cases = (): RuleCase[] => [
  {
    name: 'required readOnly property',
    errors: [{ path: P('A', 'required', 0) }],
    document: withSchemas({
      A: { type: 'object', required: ['self'], properties: { self: { type: 'string', readOnly: true } } },
    }),
  },
  {
    name: 'readOnly, not required',
    errors: [],
    document: withSchemas({
      A: {
        type: 'object',
        required: ['name'],
        properties: { self: { type: 'string', readOnly: true }, name: { type: 'string' } },
      },
    }),
  },
  {
    name: 'readOnly in an allOf member, required in a oneOf branch: once, where composed',
    errors: [{ path: P('Ids'), message: '"id"' }],
    document: withSchemas({
      Base: { type: 'object', properties: { id: { type: 'string', readOnly: true }, ssin: { type: 'string' } } },
      Ids: {
        allOf: [{ $ref: '#/components/schemas/Base' }, { oneOf: [{ required: ['id'] }, { required: ['ssin'] }] }],
      },
      Child: {
        allOf: [{ $ref: '#/components/schemas/Ids' }, { type: 'object', properties: { x: { type: 'string' } } }],
      },
    }),
  },
  {
    name: 'readOnly in one oneOf branch, required in another',
    errors: [],
    document: withSchemas({
      A: {
        oneOf: [
          { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
          { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        ],
      },
    }),
  },
];
