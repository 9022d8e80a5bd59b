// OpenAPI 3.0 and 3.1 spell the same schema facts differently: `type: [integer, 'null']` vs
// `nullable: true`, `const: x` vs `enum: [x]`. Rules read type, enum and nullability through these.
import { asArray, isObject, type Json } from './json.js';

/** The non-null types a schema declares: `type: string` and `type: [string, 'null']` both give ['string']. */
function declaredTypes(schema: Json): string[] {
  const raw = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return raw.filter((t): t is string => typeof t === 'string' && t !== 'null');
}

/** The one non-null type a schema declares, if it declares exactly one. */
export function singleType(schema: Json): string | undefined {
  const types = declaredTypes(schema);
  return types.length === 1 ? types[0] : undefined;
}

/** Whether null is allowed: 3.0 `nullable: true`, 3.1 `type: [.., 'null']`, or a `{type: 'null'}` alternative. */
export function allowsNull(schema: Json): boolean {
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  return [...asArray(schema.oneOf), ...asArray(schema.anyOf)].some((m) => isObject(m) && m.type === 'null');
}

/** The values a schema enumerates: `enum`, or 3.1's one-value `const`; undefined when it enumerates none. */
export function enumerated(schema: Json): { values: unknown[]; keyword: 'enum' | 'const' } | undefined {
  if (Array.isArray(schema.enum)) return { values: schema.enum, keyword: 'enum' };
  if ('const' in schema) return { values: [schema.const], keyword: 'const' };
  return undefined;
}
