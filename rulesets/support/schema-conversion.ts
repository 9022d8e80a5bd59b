// Converts OAS schemas to JSON Schema for ajv (nullable, boolean exclusive bounds and discriminator
// hints rewritten), keeping subschemas met more than once apart, shared by id across the process.
import { isObject, type Json } from './json.js';
import type { DiscriminatorRules } from './discriminators.js';

const MAX_DEPTH = 64;

/**
 * Subschemas met more than once (a large document's schemas repeat the same shapes: one repository
 * schema inside hundreds of others) are converted once and kept apart as their own ajv schema,
 * referred to by `{ "$ref": id }`, one id per distinct converted text. ajv then generates code for
 * each shape once per process instead of once per copy in every schema that holds it.
 */
interface SharedStore {
  /** Converted text → id. */
  ids: Map<string, string>;
  /** id → converted schema (for the quick validator). */
  schemas: Map<string, unknown>;
  /** Not yet added to ajv. */
  pending: Array<[string, unknown]>;
  /** Source schema → its `$ref` placeholder, per discriminator rules (they change the conversion). */
  placeholders: WeakMap<object, WeakMap<object, Json>>;
}
const SHARED_ID = 'https://restguide.invalid/shared/';
const newStore = (): SharedStore => ({ ids: new Map(), schemas: new Map(), pending: [], placeholders: new WeakMap() });
export const sharedStores = { '3.0': newStore(), '3.1': newStore() };
const NO_RULES = {};

interface Conversion {
  kind: '3.0' | '3.1';
  rules?: DiscriminatorRules;
  stack: Set<unknown>;
  /** How often each schema object is met in this schema, counted before converting. */
  uses: Map<unknown, number>;
  /** Shared subschemas already converted (with these rules), by source object. */
  shared: WeakMap<object, Json>;
  /** Cycle and depth cuts so far: a subschema converted without one does not depend on where it sits. */
  cuts: number;
}

const SKIPPED = (key: string, omit?: string) =>
  key === omit ||
  key === 'discriminator' ||
  key === 'xml' ||
  key === 'externalDocs' ||
  key === 'example' ||
  key === 'examples' ||
  key === 'default' ||
  key.startsWith('x-');
const VALUES = new Set(['enum', 'required', 'type', 'const']);

/** Counts the schema objects reached, as the conversion walks them (each object's children once). */
function countUses(schema: unknown, uses: Map<unknown, number>, omit?: string): void {
  if (Array.isArray(schema)) {
    for (const s of schema) countUses(s, uses);
    return;
  }
  if (!isObject(schema) || typeof schema.$ref === 'string') return;
  const seen = uses.get(schema) ?? 0;
  uses.set(schema, seen + 1);
  if (seen > 0) return;
  for (const [key, value] of Object.entries(schema)) {
    if (SKIPPED(key, omit) || VALUES.has(key) || typeof value !== 'object' || value === null) continue;
    if ((key === 'properties' || key === 'patternProperties') && isObject(value))
      for (const v of Object.values(value)) countUses(v, uses);
    else countUses(value, uses);
  }
}

/** Converts an OAS schema to draft-07 (3.0) or 2020-12 (3.1); a cycle or an unresolved $ref becomes `{}` (accept anything). */
export function toJsonSchema(schema: unknown, kind: '3.0' | '3.1', omit?: string, rules?: DiscriminatorRules): unknown {
  const uses = new Map<unknown, number>();
  countUses(schema, uses, omit);
  const store = sharedStores[kind];
  const key = (rules ?? NO_RULES) as object;
  let shared = store.placeholders.get(key);
  if (!shared) store.placeholders.set(key, (shared = new WeakMap()));
  return convert(schema, { kind, ...(rules ? { rules } : {}), stack: new Set(), uses, shared, cuts: 0 }, omit);
}

/** The `$ref` placeholder of a converted subschema, registered once per distinct text. */
function share(converted: Json, kind: '3.0' | '3.1'): Json {
  const store = sharedStores[kind];
  const text = JSON.stringify(converted);
  let id = store.ids.get(text);
  if (id === undefined) {
    id = `${SHARED_ID}${store.ids.size}`;
    store.ids.set(text, id);
    store.schemas.set(id, converted);
    store.pending.push([id, converted]);
  }
  return { $ref: id };
}

function convert(schema: unknown, c: Conversion, omit?: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => convert(s, c));
  if (!isObject(schema)) return schema;
  const placeholder = omit === undefined ? c.shared.get(schema) : undefined;
  if (placeholder) return placeholder;
  if (c.stack.has(schema) || c.stack.size > MAX_DEPTH || typeof schema.$ref === 'string') {
    if (typeof schema.$ref !== 'string') c.cuts++;
    return {};
  }
  const cutsBefore = c.cuts;
  c.stack.add(schema);
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SKIPPED(key, omit)) continue;
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, c)]))
        : value;
    } else if (VALUES.has(key)) {
      out[key] = value;
    } else if (typeof value === 'object' && value !== null) {
      out[key] = convert(value, c);
    } else {
      out[key] = value;
    }
  }
  if (c.kind === '3.0') {
    if (schema.nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
    delete out.nullable;
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (out[flag] === true && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      } else if (typeof out[flag] === 'boolean') delete out[flag];
    }
  }
  const rule = c.rules?.get(schema);
  if (rule) applyDiscriminator(out, rule);
  c.stack.delete(schema);
  // Met again, and converted the same wherever it sits (omit applies to the root alone): share it.
  if (omit === undefined && c.cuts === cutsBefore && (c.uses.get(schema) ?? 0) > 1) {
    const ref = share(out, c.kind);
    c.shared.set(schema, ref);
    return ref;
  }
  return out;
}

/** The discriminator value picks the branch (oneOf/anyOf), or must name a known schema (allOf parent). */
function applyDiscriminator(out: Json, rule: NonNullable<ReturnType<DiscriminatorRules['get']>>): void {
  const name = rule.propertyName;
  const extra: unknown[] = [];
  if (rule.branches) {
    const members = out[rule.branches.keyword];
    if (!Array.isArray(members)) return;
    delete out[rule.branches.keyword];
    extra.push({ required: [name], properties: { [name]: { enum: rule.branches.values.flat() } } });
    rule.branches.values.forEach((values, i) =>
      extra.push({ if: { required: [name], properties: { [name]: { enum: values } } }, then: members[i] }),
    );
  } else if (rule.allowed) {
    extra.push({ properties: { [name]: { enum: rule.allowed } } });
  }
  out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), ...extra];
}
