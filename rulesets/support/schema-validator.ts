// Validates values (defaults, enum values, examples) against OpenAPI schemas with ajv. Each OAS
// schema is converted once per schema object (schema-conversion.ts); a value that surely passes is
// judged without ajv, and ajv validators are compiled only for the rest, once per distinct
// converted schema.
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
import { sharedStores, toJsonSchema } from './schema-conversion.js';

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
