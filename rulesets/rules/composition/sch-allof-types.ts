import { defineRule, type RuleCase } from '../define.js';
import { P, v31, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { asArray, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** The JSON types a schema admits; undefined when any type goes. */
type Types = Set<string> | undefined;
const declaredTypes = (schema: Json): Types => {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.filter((t): t is string => typeof t === 'string'));
  return undefined;
};
/** Types both admit; an integer is a number. */
function intersect(a: Types, b: Types): Types {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const out = new Set<string>();
  for (const t of a) {
    if (b.has(t)) out.add(t);
    else if ((t === 'integer' && b.has('number')) || (t === 'number' && b.has('integer'))) out.add('integer');
  }
  return out;
}
/** Types any member admits (oneOf/anyOf: a union). */
function union(all: Types[]): Types {
  if (all.some((t) => t === undefined)) return undefined;
  return new Set(all.flatMap((t) => [...(t ?? [])]));
}
const admittedCache = new WeakMap<Json, Types>();
/** The types a schema admits: its own type, narrowed by every allOf member and by the union of its oneOf and anyOf members. */
function admittedTypes(schema: Json, depth = 0): Types {
  if (admittedCache.has(schema)) return admittedCache.get(schema);
  admittedCache.set(schema, undefined); // a cycle admits anything
  if (typeof schema.$ref === 'string' || depth > 32) return undefined;
  const memberTypes = (keyword: 'allOf' | 'oneOf' | 'anyOf') =>
    asArray(schema[keyword]).map((m) => (isObject(m) ? admittedTypes(m, depth + 1) : undefined));
  let types = declaredTypes(schema);
  for (const t of memberTypes('allOf')) types = intersect(types, t);
  for (const keyword of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[keyword]) && schema[keyword].length > 0)
      types = intersect(types, union(memberTypes(keyword)));
  admittedCache.set(schema, types);
  return types;
}
const COMPOSITION = ['allOf', 'oneOf', 'anyOf'] as const;
/**
 * sch-allof (REQUIRED): a schema whose type, allOf members and oneOf/anyOf alternatives leave no type
 * at all. Alternatives of different types are a union, not a conflict. Reported where the conflict
 * arises, not again at each schema composing it.
 */
const conflictingTypes = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const keyword = COMPOSITION.find((k) => Array.isArray(schema[k]));
    if (keyword === undefined || admittedTypes(schema)?.size !== 0) continue;
    const members = COMPOSITION.flatMap((k) => asArray(schema[k])).filter(isObject);
    if (members.some((m) => admittedTypes(m)?.size === 0)) continue;
    const named = new Set([...(declaredTypes(schema) ?? []), ...members.flatMap((m) => [...(admittedTypes(m) ?? [])])]);
    out.push(finding(`${keyword} combines schemas of incompatible types: ${[...named].join(', ')}`, [...at, keyword]));
  }
  return out;
});

export const rule = defineRule({
  code: 'sch-allof-types',
  severity: 'error',
  description: 'allOf/oneOf/anyOf members have compatible types',
  then: conflictingTypes,
  guideRule: 'sch-allof',
});

export const cases = (): RuleCase[] => [
  {
    name: '3.1: a nullable string and an object',
    errors: [{ path: P('A', 'allOf') }],
    document: v31(withSchemas({ A: { allOf: [{ type: ['string', 'null'] }, { type: 'object' }] } })),
  },
  {
    name: '3.1: a nullable integer and a number',
    errors: [],
    document: v31(withSchemas({ A: { allOf: [{ type: ['integer', 'null'] }, { type: 'number' }] } })),
  },

  {
    name: 'string and object members',
    errors: [{ path: P('A', 'allOf'), message: 'incompatible' }],
    document: withSchemas({
      A: { allOf: [{ type: 'string' }, { type: 'object' }] },
    }),
  },
  {
    name: 'integer and number are compatible',
    errors: [],
    document: withSchemas({ A: { anyOf: [{ type: 'integer' }, { type: 'number' }] } }),
  },
  {
    name: 'alternatives of different types are a union; allOf narrows it',
    errors: [],
    document: withSchemas({
      A: { anyOf: [{ type: 'integer' }, { type: 'array' }] },
      B: { allOf: [{ type: 'string' }, { oneOf: [{ type: 'string' }, { type: 'object' }, { description: 'any' }] }] },
    }),
  },
  {
    name: 'allOf leaving no type, through a member narrowed by its oneOf: once, where it arises',
    errors: [{ path: P('Root', 'allOf'), message: 'object, string' }],
    document: withSchemas({
      Narrowed: { allOf: [{ type: 'object' }], oneOf: [{ type: 'object' }, { type: 'string' }] },
      Root: { allOf: [{ $ref: '#/components/schemas/Narrowed' }, { type: 'string' }] },
      Outer: { allOf: [{ $ref: '#/components/schemas/Root' }] },
    }),
  },
];
