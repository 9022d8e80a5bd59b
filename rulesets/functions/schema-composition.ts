// sch-allof, sch-oneof, sch-discr: how schemas are composed.
import { inventory, declaredProperties, requiredNames, effectiveType } from '../support/inventory.js';
import { asArray, entries, isObject, type Json } from '../support/json.js';
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
    for (const member of asArray(schema[keyword])) if (isObject(member)) for (const name of reachableProperties(member, seen)) out.add(name);
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
    if (isObject(discriminator) && typeof discriminator.propertyName === 'string' && !Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf)) {
      const name = discriminator.propertyName;
      if (!declaredProperties(schema).has(name) || !requiredNames(schema).has(name)) {
        out.push(finding(`The discriminator property "${name}" must be declared and required in the schema`, [...at, 'discriminator']));
      }
    }
  }
  return out;
});

const COMPATIBLE: Record<string, string[]> = { integer: ['number'], number: ['integer'] };
const declaredType = (schema: unknown): string | undefined => (isObject(schema) ? effectiveType(schema) : undefined);

/** sch-allof (REQUIRED): allOf/oneOf/anyOf members (and the parent) of incompatible types. */
export const conflictingTypes = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
      if (!Array.isArray(schema[keyword])) continue;
      const types = new Set<string>();
      if (typeof schema.type === 'string') types.add(schema.type);
      for (const member of schema[keyword] as unknown[]) {
        const type = declaredType(member);
        if (type) types.add(type);
      }
      const list = [...types];
      const conflict = list.some((a) => list.some((b) => a !== b && !(COMPATIBLE[a] ?? []).includes(b)));
      if (conflict) out.push(finding(`${keyword} combines schemas of incompatible types: ${list.join(', ')}`, [...at, keyword]));
    }
  }
  return out;
});

/** sch-oneof: a oneOf of required-only members, of same-type enums, or of objects with a discriminator required in each. */
export const oneOfComposition = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (!Array.isArray(schema.oneOf)) continue;
    const members = schema.oneOf.filter(isObject);
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const requiredOnly = members.every((m) => Object.keys(m).every((k) => ['required', 'description', 'title'].includes(k) || k.startsWith('x-')) && Array.isArray(m.required));
    const enums = members.every((m) => Array.isArray(m.enum));
    const objects = members.every((m) => effectiveType(m) === 'object');
    if (requiredOnly) continue;
    if (enums) {
      const types = new Set(members.flatMap((m) => asArray(m.enum).map((v) => (v === null ? 'null' : typeof v))));
      types.delete('null');
      if (types.size > 1) out.push(finding(`oneOf enums have values of different types: ${[...types].join(', ')}`, [...at, 'oneOf']));
      continue;
    }
    if (objects && discriminator && typeof discriminator.propertyName === 'string') {
      const name = discriminator.propertyName;
      members.forEach((member, i) => {
        if (!requiredNames(member).has(name) || !declaredProperties(member).has(name)) {
          out.push(finding(`oneOf member must declare and require the discriminator property "${name}"`, [...at, 'oneOf', i]));
        }
      });
      continue;
    }
    out.push(finding('oneOf should be used only with required-only members, same-type enums, or object members with a discriminator', [...at, 'oneOf']));
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
        out.push(finding(`Discriminator mapping "${key}" should be a URI reference such as #/components/schemas/${String(target)}`, [...at, 'discriminator', 'mapping', key]));
      }
    }
  }
  return out;
});

export type { Json };
