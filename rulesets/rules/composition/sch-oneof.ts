import { defineRule, type RuleCase } from '../define.js';
import { objectOf, P, v31, withSchemas } from '../documents.js';
import { inventory, declaredProperties, requiredNames, effectiveType } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/**
 * sch-oneof: a oneOf of required-only members, of same-type enums, or of objects with a discriminator required
 * in each. A oneOf of a single member is no choice between alternatives.
 */
const oneOfComposition = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (!Array.isArray(schema.oneOf)) continue;
    const members = schema.oneOf.filter(isObject);
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const requiredOnly = members.every(
      (m) =>
        Object.keys(m).every(
          (k) => ['required', 'description', 'title', 'example'].includes(k) || k.startsWith('x-'),
        ) && Array.isArray(m.required),
    );
    const enums = members.every((m) => enumerated(m) !== undefined);
    const objects = members.every((m) => effectiveType(m) === 'object');
    if (requiredOnly) continue;
    // A oneOf of one member, or of one and {type: 'null'} (OpenAPI 3.0's and 3.1's way to make a $ref
    // nullable), offers no choice between alternatives: nothing to discriminate.
    if (members.filter((m) => m.type !== 'null').length === 1 && !discriminator) continue;
    if (enums) {
      const types = new Set(
        members.flatMap((m) => (enumerated(m)?.values ?? []).map((v) => (v === null ? 'null' : typeof v))),
      );
      types.delete('null');
      if (types.size > 1)
        out.push(finding(`oneOf enums have values of different types: ${[...types].join(', ')}`, [...at, 'oneOf']));
      continue;
    }
    if (discriminator && typeof discriminator.propertyName === 'string') {
      // Every member a discriminator can pick must carry its property, mixed oneOfs included.
      const name = discriminator.propertyName;
      members.forEach((member, i) => {
        if (!requiredNames(member).has(name) || !declaredProperties(member).has(name)) {
          out.push(
            finding(`oneOf member must declare and require the discriminator property "${name}"`, [...at, 'oneOf', i]),
          );
        }
      });
      if (objects) continue;
    }
    out.push(
      finding(
        'oneOf should be used only with required-only members, same-type enums, or object members with a discriminator',
        [...at, 'oneOf'],
      ),
    );
  }
  return out;
});

export const rule = defineRule({
  code: 'sch-oneof',
  severity: 'warn',
  description:
    'oneOf is used with required-only members, same-type enums, or object members with a required discriminator property',
  then: oneOfComposition,
});

export const cases = (): RuleCase[] => [
  // sch-oneof is about choosing between alternatives: a oneOf of a single member (OpenAPI 3.0's nullable $ref) offers none.

  {
    name: 'FP: a oneOf of one $ref',
    errors: [],
    document: withSchemas({
      Dialog: {
        type: 'object',
        properties: { latestActivity: { nullable: true, oneOf: [{ $ref: '#/components/schemas/Activity' }] } },
      },
      Activity: objectOf({ kind: { type: 'string' } }),
    }),
  },
  {
    name: 'FP 3.1: a oneOf of an object and null',
    errors: [],
    document: {
      ...withSchemas({
        Frame: {
          type: 'object',
          properties: {
            containingStateGroup: {
              oneOf: [objectOf({ nodeId: { type: 'string' } }), { type: 'null' }],
            },
          },
        },
      }),
      openapi: '3.1.0',
    },
  },
  {
    name: 'a oneOf of two objects without discriminator',
    errors: [{ path: P('Content', 'oneOf') }],
    document: withSchemas({
      Content: {
        oneOf: [objectOf({ text: { type: 'string' } }), objectOf({ url: { type: 'string' } })],
      },
    }),
  },

  {
    name: '3.1 FP: a oneOf of string consts',
    errors: [],
    document: v31(
      withSchemas({
        Kind: {
          oneOf: [
            { const: 'small', title: 'Small' },
            { const: 'big', title: 'Big' },
          ],
        },
      }),
    ),
  },
  {
    name: '3.1: consts of different types',
    errors: [{ path: P('Kind', 'oneOf'), message: 'different types' }],
    document: v31(withSchemas({ Kind: { oneOf: [{ const: 'small' }, { const: 1 }] } })),
  },

  {
    name: 'member without the discriminator property',
    errors: [{ path: P('A', 'oneOf', 1) }],
    document: withSchemas({
      A: {
        discriminator: { propertyName: 'kind' },
        oneOf: [objectOf({ kind: { type: 'string' } }, ['kind']), objectOf({ b: { type: 'string' } })],
      },
    }),
  },
  {
    name: 'enums of different types',
    errors: [{ path: P('A', 'oneOf'), message: 'different types' }],
    document: withSchemas({ A: { oneOf: [{ enum: ['a'] }, { enum: [1] }] } }),
  },
  {
    name: 'a discriminated object mixed with a required-only member',
    errors: [{ path: P('A', 'oneOf') }, { path: P('A', 'oneOf', 1) }],
    document: withSchemas({
      A: {
        discriminator: { propertyName: 'kind' },
        oneOf: [objectOf({ kind: { type: 'string' } }, ['kind']), { required: ['kind', 'x'] }],
      },
    }),
  },
  {
    name: 'the three allowed forms',
    errors: [],
    document: withSchemas({
      R: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        oneOf: [
          { required: ['a'], example: { a: 'x' } },
          { required: ['b'], title: 'ByB' },
        ],
      },
      E: {
        oneOf: [
          { type: 'string', enum: ['a'] },
          { type: 'string', enum: ['b'] },
        ],
      },
      D: {
        discriminator: { propertyName: 'kind' },
        oneOf: [
          objectOf({ kind: { type: 'string' } }, ['kind']),
          objectOf({ kind: { type: 'string' }, x: { type: 'string' } }, ['kind']),
        ],
      },
    }),
  },
];
