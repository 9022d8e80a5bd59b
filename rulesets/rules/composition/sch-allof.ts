// --- the 34 ids of belgif's rest-guide-validator ---
import { defineRule, type RuleCase } from '../define.js';
import { objectOf, P, withSchemas } from '../documents.js';
import { inventory, declaredProperties, requiredNames } from '../../support/inventory.js';
import { asArray, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** Every property a schema may carry: its own, and those of its allOf, oneOf and anyOf members (any depth). */
const reachableCache = new WeakMap<Json, Set<string>>();
function reachableProperties(schema: Json, seen?: Set<Json>): Set<string> {
  const cached = reachableCache.get(schema);
  if (cached) return cached;
  const out = new Set<string>();
  if (seen === undefined) {
    reachableCache.set(schema, out); // filled below; a fresh walk is complete
    seen = new Set<Json>();
  }
  if (seen.has(schema)) return out;
  seen.add(schema);
  for (const name of Object.keys(isObject(schema.properties) ? schema.properties : {})) out.add(name);
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const member of asArray(schema[keyword]))
      if (isObject(member)) for (const name of reachableProperties(member, seen)) out.add(name);
  }
  return out;
}
/**
 * sch-allof: allOf members declaring the same property (a property a member's oneOf/anyOf branch
 * declares counts too: generated code gets it twice); a discriminator property the parent does not declare and require.
 */
const allOfComposition = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (Array.isArray(schema.allOf)) {
      const owners = new Map<string, number>();
      const duplicated = new Set<string>();
      schema.allOf.forEach((member, i) => {
        if (!isObject(member)) return;
        for (const name of reachableProperties(member)) {
          if (owners.has(name) && owners.get(name) !== i) duplicated.add(name);
          else owners.set(name, i);
        }
      });
      if (duplicated.size > 0) {
        out.push(finding(`allOf members declare the same properties: ${[...duplicated].join(', ')}`, [...at, 'allOf']));
      }
    }
    const discriminator = schema.discriminator;
    if (
      isObject(discriminator) &&
      typeof discriminator.propertyName === 'string' &&
      !Array.isArray(schema.oneOf) &&
      !Array.isArray(schema.anyOf)
    ) {
      const name = discriminator.propertyName;
      if (!declaredProperties(schema).has(name) || !requiredNames(schema).has(name)) {
        out.push(
          finding(`The discriminator property "${name}" must be declared and required in the schema`, [
            ...at,
            'discriminator',
          ]),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'sch-allof',
  severity: 'warn',
  description:
    'allOf members do not declare the same property; a discriminator property is declared and required by its schema',
  then: allOfComposition,
});

export const cases = (): RuleCase[] => [
  {
    name: 'members redeclare a property',
    errors: [{ path: P('A', 'allOf'), message: 'name' }],
    document: withSchemas({
      A: {
        allOf: [objectOf({ name: { type: 'string' } }), objectOf({ name: { type: 'string' } })],
      },
    }),
  },
  {
    name: 'discriminator property not required',
    errors: [{ path: P('Pet', 'discriminator') }],
    document: withSchemas({
      Pet: {
        type: 'object',
        properties: { kind: { type: 'string' } },
        discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Pet' } },
      },
    }),
  },
  {
    name: 'distinct members, required discriminator',
    errors: [],
    document: withSchemas({
      Pet: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        discriminator: { propertyName: 'kind' },
      },
      Dog: {
        allOf: [{ $ref: '#/components/schemas/Pet' }, objectOf({ bark: { type: 'boolean' } })],
      },
    }),
  },
  {
    name: 'a member redeclares a property its sibling gets from a oneOf branch',
    errors: [{ path: P('B', 'allOf'), message: 'code' }],
    document: withSchemas({
      B: {
        allOf: [
          {
            oneOf: [objectOf({ code: { type: 'string' } }, ['code']), objectOf({ id: { type: 'string' } }, ['id'])],
          },
          objectOf({ code: { type: 'string' } }),
        ],
      },
    }),
  },
  {
    name: 'oneOf branches of one member share a property',
    errors: [],
    document: withSchemas({
      C: {
        allOf: [
          {
            oneOf: [
              objectOf({ code: { type: 'string' } }, ['code']),
              objectOf({ code: { type: 'integer' } }, ['code']),
            ],
          },
          objectOf({ label: { type: 'string' } }),
        ],
      },
    }),
  },
];
