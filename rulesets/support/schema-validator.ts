// Validates values (defaults, enum values, examples) against OpenAPI schemas with ajv. The OAS
// schema is converted to JSON Schema once per schema object (nullable, boolean exclusive bounds,
// discriminator hints removed) once per schema object; a value that surely passes is judged without
// ajv, and ajv validators are compiled only for the rest, once per distinct converted schema.
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isObject, type Json } from './json.js';
import { isScalarSchema, scalarViolation } from './scalar-validator.js';
import { surelyValid, type QuickContext } from './quick-validator.js';
import type { DiscriminatorRules } from './discriminators.js';

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

const OAS_FORMATS: Record<string, RegExp | ((value: unknown) => boolean) | true> = {
  int32: (v) => typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31,
  int64: (v) => typeof v === 'number' && Number.isInteger(v),
  float: true,
  double: true,
  byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  binary: true,
  password: true,
};

function makeAjv(kind: '3.0' | '3.1'): Ajv {
  // No optimizing pass over the generated code: most validators run once or twice, and that pass
  // was half of each compile.
  const options = { strict: false, allErrors: false, logger: false as const, validateSchema: false, discriminator: false, code: { optimize: false } };
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
interface Entry { converted: unknown; validate?: ValidateFunction | null }
const entries = { '3.0': new WeakMap<Json, Entry>(), '3.1': new WeakMap<Json, Entry>() };
const MAX_DEPTH = 64;

/** Converts an OAS 3.0 schema to draft-07; a cycle or an unresolved $ref becomes `{}` (accept anything). */
function toJsonSchema(schema: unknown, kind: '3.0' | '3.1', stack: Set<unknown>, omit?: string, rules?: DiscriminatorRules): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, kind, stack, undefined, rules));
  if (!isObject(schema)) return schema;
  if (stack.has(schema) || stack.size > MAX_DEPTH || typeof schema.$ref === 'string') return {};
  stack.add(schema);
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === omit || key === 'discriminator' || key === 'xml' || key === 'externalDocs' || key === 'example' || key === 'examples' || key === 'default' || key.startsWith('x-')) continue;
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v, kind, stack, undefined, rules)])) : value;
    } else if (key === 'enum' || key === 'required' || key === 'type' || key === 'const') {
      out[key] = value;
    } else if (typeof value === 'object' && value !== null) {
      out[key] = toJsonSchema(value, kind, stack, undefined, rules);
    } else {
      out[key] = value;
    }
  }
  if (kind === '3.0') {
    if (schema.nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
    delete out.nullable;
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (out[flag] === true && typeof out[bound] === 'number') { out[flag] = out[bound]; delete out[bound]; }
      else if (typeof out[flag] === 'boolean') delete out[flag];
    }
  }
  const rule = rules?.get(schema);
  if (rule) applyDiscriminator(out, rule);
  stack.delete(schema);
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
    rule.branches.values.forEach((values, i) => extra.push({ if: { required: [name], properties: { [name]: { enum: values } } }, then: members[i] }));
  } else if (rule.allowed) {
    extra.push({ properties: { [name]: { enum: rule.allowed } } });
  }
  out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), ...extra];
}

// Identical schemas (inline copies of one shape are common in large documents) share one
// compiled validator: the key is the converted JSON Schema's text, which already reflects `omit`
// and the discriminator rules, so equal keys validate alike.
const byContent = { '3.0': new Map<string, ValidateFunction | null>(), '3.1': new Map<string, ValidateFunction | null>() };

function compileByContent(converted: unknown, kind: '3.0' | '3.1'): ValidateFunction | null {
  const key = JSON.stringify(converted);
  const cached = byContent[kind].get(key);
  if (cached !== undefined) return cached;
  let validate: ValidateFunction | null;
  try {
    validate = ajvFor(kind).compile(converted as object);
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
  const entry: Entry = { converted: toJsonSchema(schema, kind, new Set(), omit, rules) };
  if (!omit) cache.set(schema, entry);
  return entry;
}

export type OasKind = '3.0' | '3.1';
export const oasKind = (root: unknown): OasKind =>
  isObject(root) && typeof root.openapi === 'string' && root.openapi.startsWith('3.1') ? '3.1' : '3.0';

/** Why `value` does not satisfy `schema`, or undefined when it does (or the schema cannot be judged). */
export function schemaViolation(schema: Json, value: unknown, kind: OasKind, omit?: 'enum', rules?: DiscriminatorRules): string | undefined {
  if (isScalarSchema(schema)) return scalarViolation(schema, value, kind, omit === 'enum') || undefined;
  const entry = entryFor(schema, kind, omit, rules);
  const ajv = ajvFor(kind);
  if (surelyValid(entry.converted, value, { kind, formats: ajv.formats as QuickContext['formats'] })) return undefined;
  if (entry.validate === undefined) entry.validate = compileByContent(entry.converted, kind);
  const validate = entry.validate;
  if (!validate || validate(value)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return 'does not match the schema';
  const where = error.instancePath ? `${error.instancePath} ` : '';
  return `${where}${error.message ?? 'does not match the schema'}`.trim();
}
