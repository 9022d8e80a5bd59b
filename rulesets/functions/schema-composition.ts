// sch-allof, sch-oneof, sch-discr: how schemas are composed.
import { inventory, declaredProperties, requiredNames, effectiveType } from '../support/inventory.js';
import { asArray, entries, isObject, type Json } from '../support/json.js';
import { enumerated } from '../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from './define.js';

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
export const allOfComposition = defineRuleFunction<null>(NO_OPTIONS, (root) => {
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
export const conflictingTypes = defineRuleFunction<null>(NO_OPTIONS, (root) => {
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

/**
 * sch-oneof: a oneOf of required-only members, of same-type enums, or of objects with a discriminator required
 * in each. A oneOf of a single member is no choice between alternatives.
 */
export const oneOfComposition = defineRuleFunction<null>(NO_OPTIONS, (root) => {
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

const URI_REFERENCE = /[#/]/;

/** sch-discr: a discriminator has an explicit mapping whose values are URI references (#/components/schemas/X). */
export const discriminatorMapping = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const discriminator = schema.discriminator;
    if (!isObject(discriminator)) continue;
    if (!isObject(discriminator.mapping)) {
      out.push(finding('A discriminator should have an explicit mapping', [...at, 'discriminator']));
      continue;
    }
    for (const [key, target] of entries(discriminator.mapping)) {
      if (typeof target !== 'string' || !URI_REFERENCE.test(target)) {
        out.push(
          finding(
            `Discriminator mapping "${key}" should be a URI reference such as #/components/schemas/${String(target)}`,
            [...at, 'discriminator', 'mapping', key],
          ),
        );
      }
    }
  }
  return out;
});

export type { Json };
