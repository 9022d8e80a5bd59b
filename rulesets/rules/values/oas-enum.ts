import { defineRule, type RuleCase } from '../define.js';
import { P, v31, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { oasKind, schemaViolation } from '../../support/schema-validator.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/**
 * oas-enum: every enum value must be valid against the rest of its schema (null only if nullable), and an
 * enum in an allOf member against the composed schema too (a value it can never match is dead); one finding per value.
 */
const enumValid = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  for (const { schema, at, relation, parent } of inventory(root).schemas) {
    if (!Array.isArray(schema.enum)) continue;
    const composed = relation === 'allOf' ? parent?.schema : undefined;
    schema.enum.forEach((value, i) => {
      const why =
        schemaViolation(schema, value, kind, 'enum') ?? (composed ? schemaViolation(composed, value, kind) : undefined);
      if (why)
        out.push(
          finding(`Enum value ${JSON.stringify(value)} is not valid against its schema: ${why}`, [...at, 'enum', i]),
        );
    });
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-enum',
  severity: 'warn',
  description: 'Enum values are valid against their schema',
  then: enumValid,
});

export const cases = (): RuleCase[] => [
  {
    name: '3.1: null in the enum of a nullable string; a number in it',
    errors: [{ path: P('A', 'enum', 2) }],
    document: v31(withSchemas({ A: { type: ['string', 'null'], enum: ['a', null, 1] } })),
  },

  {
    name: 'a value of another type; null without nullable',
    errors: [
      { path: P('A', 'enum', 1), message: '3' },
      { path: P('B', 'enum', 1), message: 'null' },
    ],
    document: withSchemas({
      A: { type: 'string', enum: ['a', 3] },
      B: { type: 'string', enum: ['a', null] },
    }),
  },
  {
    name: 'one finding per value; the enum of an allOf member against the composed schema',
    errors: [
      { path: P('A', 'enum', 1) },
      { path: P('A', 'enum', 2) },
      { path: P('Sizes', 'allOf', 1, 'enum', 1), message: 'xl' },
    ],
    document: withSchemas({
      A: { type: 'string', enum: ['a', 1, 2] },
      Size: {
        type: 'object',
        required: ['code'],
        additionalProperties: false,
        properties: { code: { type: 'string' } },
      },
      Sizes: {
        allOf: [{ $ref: '#/components/schemas/Size' }, { type: 'object', enum: [{ code: 's' }, { xl: true }] }],
      },
    }),
  },
  {
    name: 'valid values, null when nullable',
    errors: [],
    document: withSchemas({
      A: { type: 'string', enum: ['a', 'b'] },
      B: { type: 'string', nullable: true, enum: ['a', null] },
    }),
  },
];
