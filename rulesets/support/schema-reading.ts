// What a schema says once its allOf members are read with it: properties, required names, type.
import { asArray, entries, isObject, type Json } from '../../src/openapi/json.js';

const declared = new WeakMap<Json, ReadonlyMap<string, unknown>>();

/** The properties a schema declares, through allOf members too (computed once per schema object). */
export function declaredProperties(schema: Json, depth = 0): ReadonlyMap<string, unknown> {
  const known = declared.get(schema);
  if (known) return known;
  const out = new Map<string, unknown>();
  if (depth > 32) return out;
  for (const [name, value] of entries(schema.properties)) out.set(name, value);
  for (const member of asArray(schema.allOf)) {
    if (isObject(member))
      for (const [name, value] of declaredProperties(member, depth + 1)) if (!out.has(name)) out.set(name, value);
  }
  if (depth === 0) declared.set(schema, out); // a deeper call may have stopped at the depth cap: not kept
  return out;
}

/** The names a schema requires, through allOf members too. */
export function requiredNames(schema: Json, depth = 0): Set<string> {
  const out = new Set<string>(asArray(schema.required).filter((n): n is string => typeof n === 'string'));
  if (depth > 32) return out;
  for (const member of asArray(schema.allOf))
    if (isObject(member)) for (const n of requiredNames(member, depth + 1)) out.add(n);
  return out;
}

/** The JSON type a schema describes, looking through allOf; undefined when it does not say. */
export function effectiveType(schema: Json, depth = 0): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
  }
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  if (depth > 32) return undefined;
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const types = new Set(asArray(schema[keyword]).map((m) => (isObject(m) ? effectiveType(m, depth + 1) : undefined)));
    types.delete(undefined);
    if (types.size === 1) return [...types][0];
  }
  return undefined;
}
