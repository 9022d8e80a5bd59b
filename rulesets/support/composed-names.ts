// Which property names a composed schema marks readOnly or required, for sure (every value the schema
// allows) or maybe (some value): allOf adds, oneOf/anyOf only add what all their members agree on.
import { asArray, isObject, type Json } from './json.js';

type Pick = (schema: Json) => string[];
type Sets = { sure: Set<string>; maybe: Set<string> };

const readOnlyNames: Pick = (schema) =>
  isObject(schema.properties)
    ? Object.entries(schema.properties)
        .filter(([, p]) => isObject(p) && p.readOnly === true)
        .map(([n]) => n)
    : [];
const requiredList: Pick = (schema) => asArray(schema.required).filter((n): n is string => typeof n === 'string');

function composedSets(pick: Pick, cache: WeakMap<Json, Sets>) {
  const compute = (schema: Json, depth: number): Sets => {
    const cached = cache.get(schema);
    if (cached) return cached;
    const own = pick(schema);
    const out: Sets = { sure: new Set(own), maybe: new Set(own) };
    cache.set(schema, out); // a cycle sees the partial sets: never loops
    if (depth > 32) return out;
    for (const member of asArray(schema.allOf)) {
      if (!isObject(member)) continue;
      const sets = compute(member, depth + 1);
      for (const n of sets.sure) out.sure.add(n);
      for (const n of sets.maybe) out.maybe.add(n);
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = asArray(schema[keyword])
        .filter(isObject)
        .map((m) => compute(m, depth + 1));
      for (const sets of members) for (const n of sets.maybe) out.maybe.add(n);
      const first = members[0];
      if (first) for (const n of first.sure) if (members.every((m) => m.sure.has(n))) out.sure.add(n);
    }
    return out;
  };
  return (schema: Json): Sets => compute(schema, 0);
}

const readOnlyCache = new WeakMap<Json, Sets>();
const requiredCache = new WeakMap<Json, Sets>();
const readOnlySets = composedSets(readOnlyNames, readOnlyCache);
const requiredSets = composedSets(requiredList, requiredCache);

/** Names readOnly for sure and maybe required, or maybe readOnly and required for sure. */
function readOnlyRequiredNames(schema: Json): Set<string> {
  const readOnly = readOnlySets(schema);
  const required = requiredSets(schema);
  const out = new Set<string>();
  for (const n of required.maybe) if (readOnly.sure.has(n)) out.add(n);
  for (const n of required.sure) if (readOnly.maybe.has(n)) out.add(n);
  return out;
}

/** The conflicts a schema introduces itself: those none of its direct allOf/oneOf/anyOf members already has. */
export function ownReadOnlyRequiredNames(schema: Json): Set<string> {
  const out = readOnlyRequiredNames(schema);
  if (out.size === 0) return out;
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const member of asArray(schema[keyword]))
      if (isObject(member)) for (const n of readOnlyRequiredNames(member)) out.delete(n);
  }
  return out;
}
