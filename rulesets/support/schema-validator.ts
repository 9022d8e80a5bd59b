// Validates values (defaults, enum values, examples) against OpenAPI schemas with ajv. The OAS
// schema is converted to JSON Schema once per schema object (nullable, boolean exclusive bounds,
// discriminator hints removed), with repeated subschemas kept apart and shared by id; a value that
// surely passes is judged without ajv, and ajv validators are compiled only for the rest, once per
// distinct converted schema.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { ajvFormats, ajvModules } from './ajv-modules.js';
import { isObject, type Json } from './json.js';
import { pointerOf } from '../../src/openapi/pointer.js';
import { isScalarSchema, scalarViolation } from './scalar-validator.js';
import {
  ajvCompiles,
  failingNodes,
  judge,
  type Failure,
  type KnownFormat,
  type QuickContext,
} from '../../src/lint-base/quick-validator.js';
import { modeOfCall, type LintMode } from '../../src/lint-base/mode.js';
import type { DiscriminatorRules } from './discriminators.js';

const OAS_FORMATS: Record<string, RegExp | ((value: unknown) => boolean) | true> = {
  int32: (v) => typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31,
  int64: (v) => typeof v === 'number' && Number.isInteger(v),
  float: true,
  double: true,
  byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  binary: true,
  password: true,
};

/**
 * The formats as an ajv of makeAjv holds them (`ajv.formats`): ajv-formats' full set (what
 * addFormats adds), then the OAS ones over it. The quick checks read them without an ajv, which a
 * lint needs only when a value fails.
 */
let formats: QuickContext['formats'] | undefined;
function quickFormats(): QuickContext['formats'] {
  if (formats) return formats;
  const out: Record<string, KnownFormat | undefined> = { ...ajvFormats() };
  for (const [name, format] of Object.entries(OAS_FORMATS)) {
    out[name] = typeof format === 'function' ? { type: 'number', validate: format as (v: never) => boolean } : format;
  }
  return (formats = out);
}

function makeAjv(kind: '3.0' | '3.1'): Ajv {
  // No optimizing pass over the generated code: most validators run once or twice, and that pass
  // was half of each compile.
  const options = {
    strict: false,
    allErrors: false,
    logger: false as const,
    validateSchema: false,
    discriminator: false,
    inlineRefs: false,
    code: { optimize: false },
  };
  const { Ajv, Ajv2020, addFormats } = ajvModules();
  const ajv = kind === '3.1' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv as Ajv);
  for (const [name, format] of Object.entries(OAS_FORMATS)) {
    if (format === true) ajv.addFormat(name, true);
    else if (format instanceof RegExp) ajv.addFormat(name, format);
    else ajv.addFormat(name, { type: 'number', validate: format as (v: number) => boolean });
  }
  return ajv as Ajv;
}

const ajvs: Partial<Record<'3.0' | '3.1', Ajv>> = {};
const ajvFor = (kind: '3.0' | '3.1'): Ajv => (ajvs[kind] ??= makeAjv(kind));

/** A schema converted once; its ajv validator compiled only when a value fails the quick check. */
interface Entry {
  converted: unknown;
  validate?: ValidateFunction | null;
}
const entries = { '3.0': new WeakMap<Json, Entry>(), '3.1': new WeakMap<Json, Entry>() };
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
const sharedStores = { '3.0': newStore(), '3.1': newStore() };
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
function toJsonSchema(schema: unknown, kind: '3.0' | '3.1', omit?: string, rules?: DiscriminatorRules): unknown {
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

// Identical schemas (inline copies of one shape are common in large documents) share one
// compiled validator: the key is the converted JSON Schema's text, which already reflects `omit`
// and the discriminator rules, so equal keys validate alike.
const byContent = {
  '3.0': new Map<string, ValidateFunction | null>(),
  '3.1': new Map<string, ValidateFunction | null>(),
};

function compileByContent(converted: unknown, kind: '3.0' | '3.1'): ValidateFunction | null {
  const key = JSON.stringify(converted);
  const cached = byContent[kind].get(key);
  if (cached !== undefined) return cached;
  let validate: ValidateFunction | null;
  const ajv = ajvFor(kind);
  const { pending } = sharedStores[kind];
  for (const [id, shared] of pending.splice(0)) ajv.addSchema(shared as object, id);
  try {
    validate = ajv.compile(converted as object);
  } catch {
    validate = null; // a schema ajv cannot compile is someone else's finding, not a crash here
  }
  byContent[kind].set(key, validate);
  return validate;
}

const discriminatingEntries = new WeakMap<DiscriminatorRules, WeakMap<Json, Entry>>();

function entryFor(schema: Json, kind: '3.0' | '3.1', omit?: string, rules?: DiscriminatorRules): Entry {
  let cache = entries[kind];
  if (rules) {
    cache = discriminatingEntries.get(rules) ?? new WeakMap();
    discriminatingEntries.set(rules, cache);
  }
  const known = omit ? undefined : cache.get(schema);
  if (known) return known;
  const entry: Entry = { converted: toJsonSchema(schema, kind, omit, rules) };
  if (!omit) cache.set(schema, entry);
  return entry;
}

const sharedOf = {
  '3.0': (id: string) => sharedStores['3.0'].schemas.get(id),
  '3.1': (id: string) => sharedStores['3.1'].schemas.get(id),
};

type OasKind = '3.0' | '3.1';
export const oasKind = (root: unknown): OasKind =>
  isObject(root) && typeof root.openapi === 'string' && root.openapi.startsWith('3.1') ? '3.1' : '3.0';

/**
 * Why `value` does not satisfy `schema`, or undefined when it does (or the schema cannot be judged).
 * `whole` compiles the whole schema even where one node fails (for the tests that compare both).
 * `mode`: the lint run's (src/lint-base/mode.ts: modeOf(context)); by default the rule call's.
 */
export function schemaViolation(
  schema: Json,
  value: unknown,
  kind: OasKind,
  omit?: 'enum',
  rules?: DiscriminatorRules,
  whole = false,
  mode: LintMode = modeOfCall(),
): string | undefined {
  if (isScalarSchema(schema)) return scalarViolation(schema, value, kind, omit === 'enum') || undefined;
  const entry = entryFor(schema, kind, omit, rules);
  // Stock mode (src/lint/engine) asks ajv alone; accelerated, the quick validator decides what it can.
  if (mode.accelerated) {
    let unsure = false;
    const ctx: QuickContext = {
      kind,
      formats: quickFormats(),
      shared: sharedOf[kind],
      onUnsure: () => {
        unsure = true;
      },
    };
    const verdict = judge(entry.converted, value, ctx);
    // A schema ajv refuses to compile: the whole compile below would find nothing either.
    if (verdict === 'valid' || verdict === 'refused') return undefined;
    // Compile only the first failing node (failingNodes lists them in the order ajv meets them): a
    // handful of small schemas, shared by content across the document, instead of each failing
    // example's whole schema (a third of a large lint: docs/performance.md). Only where ajv
    // compiles the whole schema: where it refuses, stock mode finds nothing.
    const compiles = verdict === 'invalid' ? ajvCompiles(entry.converted, ctx) : 'unsure';
    if (compiles === 'refused') return undefined;
    if (compiles === 'unsure') unsure = true;
    const failures = whole || compiles !== 'compiles' ? undefined : failingNodes(entry.converted, value, ctx);
    if (failures !== undefined && failures.length > 0) {
      const { path, schema: node, value: part } = failures[0] as Failure;
      const prefix = pointerOf(path);
      const validate = compileByContent(node, kind);
      if (validate && !validate(part)) return wording(validate.errors?.[0], prefix);
    }
    if (unsure)
      mode.fallbacks?.record('schema-validator', 'a schema the quick validator cannot judge, compiled whole by ajv');
  }
  if (entry.validate === undefined) entry.validate = compileByContent(entry.converted, kind);
  const validate = entry.validate;
  if (!validate || validate(value)) return undefined;
  return wording(validate.errors?.[0], '');
}

/** ajv's first error as the finding words it, its instance path after `prefix`. */
function wording(error: ErrorObject | undefined, prefix: string): string {
  if (!error) return 'does not match the schema';
  const path = `${prefix}${error.instancePath}`;
  return `${path ? `${path} ` : ''}${error.message ?? 'does not match the schema'}`.trim();
}
