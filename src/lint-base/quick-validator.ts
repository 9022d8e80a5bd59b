// Accelerated mode's stand-in for ajv (stock mode asks ajv alone: rulesets/support/schema-validator.ts).
// Decides without generating code that a value surely satisfies a (converted) JSON Schema. Most
// examples in a large document are valid and each sits on its own schema: compiling an ajv
// validator for each one was most of the lint's time. Only "surely valid" is trusted; a value that
// fails, or any keyword this interpreter does not know, goes to ajv, whose first error is the message.
// A schema ajv refuses to compile (a `pattern` that is no regular expression with the `u` flag, as
// belgif's `^(\-|\+)?...` is not) gives no finding in stock mode: the interpreter says so (`refused`)
// instead of handing it to ajv, and `ajvCompiles` checks a whole schema before a failure is worded.
import { isObject, type Json } from '../openapi/json.js';

/** A format as ajv holds it (`ajv.formats[name]`). */
export type KnownFormat =
  | true
  | RegExp
  | ((value: string) => boolean)
  | { type?: string; validate: RegExp | ((value: never) => boolean); async?: boolean };

export interface QuickContext {
  kind: '3.0' | '3.1';
  formats: Record<string, KnownFormat | undefined>;
  /** The shared subschema a `$ref` names (see schema-validator); undefined leaves the `$ref` to ajv. */
  shared?: (id: string) => unknown;
  /** Told when the interpreter cannot vouch for a schema (ajv judges it whole: a fallback). */
  onUnsure?: () => void;
}

const sharedSchema = (ref: unknown, ctx: QuickContext): unknown =>
  (typeof ref === 'string' ? ctx.shared?.(ref) : undefined) ?? unsure();

/** Thrown when the interpreter cannot vouch for a schema: the caller asks ajv. */
class Unsure extends Error {}
const unsure = (): never => {
  throw new Unsure();
};

/** Thrown where ajv refuses to compile the schema: the whole schema, wherever the keyword sits. */
class Refused extends Error {}

/** A `pattern` as ajv compiles it (`new RegExp(pattern, "u")`); one it cannot compile refuses the schema. */
const pattern = (source: unknown): RegExp => {
  if (typeof source !== 'string') return unsure();
  try {
    return new RegExp(source, 'u');
  } catch {
    throw new Refused();
  }
};

const ANNOTATIONS = new Set([
  'title',
  'description',
  'readOnly',
  'writeOnly',
  'deprecated',
  'nullable',
  '$comment',
  'examples',
  'contentMediaType',
  'contentEncoding',
  'definitions',
  '$defs',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((v, i) => deepEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a),
    kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Json)[k], (b as Json)[k]))
  );
}

const hasType = (value: unknown, type: string): boolean => {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) && value % 1 === 0;
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    default:
      return isObject(value);
  }
};

/** An own property; a name Object.prototype also has (constructor...) is left to ajv. */
const has = (o: Json, k: string): boolean =>
  Object.prototype.hasOwnProperty.call(o, k) ? true : k in Object.prototype ? unsure() : false;
const num = (v: unknown): number => (typeof v === 'number' ? v : unsure());
const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : unsure());
const schemas = (v: unknown): unknown[] => (Array.isArray(v) && v.length > 0 ? v : unsure());
const regex = (pattern: unknown): RegExp => {
  if (typeof pattern !== 'string') return unsure();
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return unsure();
  }
};

function formatOk(name: unknown, value: unknown, ctx: QuickContext): boolean {
  if (typeof name !== 'string') return unsure();
  const format = ctx.formats[name];
  if (format === undefined || format === true) return true; // ajv (strict: false) ignores unknown formats
  if (format instanceof RegExp) return typeof value !== 'string' || format.test(value);
  if (typeof format === 'function') return typeof value !== 'string' || format(value);
  if (format.async) return unsure();
  if (typeof value !== (format.type ?? 'string')) return true;
  return format.validate instanceof RegExp
    ? format.validate.test(String(value))
    : (format.validate as (v: unknown) => boolean)(value);
}

function keyword(key: string, s: Json, value: unknown, ctx: QuickContext): boolean {
  switch (key) {
    case 'type': {
      // As ajv's getSchemaTypes reads them: no type checks nothing; nullable: true adds null.
      const types: unknown[] = Array.isArray(s.type) ? [...s.type] : [s.type];
      if (!types.every((t) => typeof t === 'string' && TYPES.has(t))) return unsure();
      if (types.length === 0) return true;
      if (types.includes('null')) {
        if (s.nullable === false) return unsure();
      } // ajv refuses the schema
      else if (s.nullable === true) types.push('null');
      return types.some((t) => hasType(value, t as string));
    }
    // ajv refuses a nullable without a type (3.0 schemas reach here converted, without nullable).
    case 'nullable':
      return s.type === undefined || (Array.isArray(s.type) && s.type.length === 0) ? unsure() : true;
    case 'enum':
      return Array.isArray(s.enum) ? s.enum.some((e) => deepEqual(e, value)) : unsure();
    case 'const':
      return deepEqual(s.const, value);
    case 'multipleOf': {
      const m = num(s.multipleOf);
      if (typeof value !== 'number') return true;
      const r = value / m;
      return m !== 0 && r === parseInt(String(r));
    }
    case 'maximum':
      return typeof value !== 'number' || value <= num(s.maximum);
    case 'minimum':
      return typeof value !== 'number' || value >= num(s.minimum);
    case 'exclusiveMaximum':
      return typeof value !== 'number' || value < num(s.exclusiveMaximum);
    case 'exclusiveMinimum':
      return typeof value !== 'number' || value > num(s.exclusiveMinimum);
    case 'maxLength':
      return typeof value !== 'string' || [...value].length <= count(s.maxLength);
    case 'minLength':
      return typeof value !== 'string' || [...value].length >= count(s.minLength);
    case 'pattern': {
      const re = pattern(s.pattern); // refused whatever the value
      return typeof value !== 'string' || re.test(value);
    }
    case 'format':
      return formatOk(s.format, value, ctx);
    case 'maxItems':
      return !Array.isArray(value) || value.length <= count(s.maxItems);
    case 'minItems':
      return !Array.isArray(value) || value.length >= count(s.minItems);
    case 'uniqueItems':
      return (
        s.uniqueItems !== true ||
        !Array.isArray(value) ||
        value.every((v, i) => value.findIndex((w) => deepEqual(v, w)) === i)
      );
    case 'items':
      return itemsOk(s, value, ctx);
    case 'additionalItems':
      return true; // judged with items
    case 'prefixItems':
      return ctx.kind === '3.1' && Array.isArray(s.prefixItems)
        ? !Array.isArray(value) || s.prefixItems.every((p, i) => i >= value.length || valid(p, value[i], ctx))
        : unsure();
    case 'contains':
      return s.minContains !== undefined || s.maxContains !== undefined
        ? unsure()
        : !Array.isArray(value) || value.some((v) => valid(s.contains, v, ctx));
    case 'required':
      return (
        !isObject(value) ||
        (Array.isArray(s.required) ? s.required : unsure()).every((k) =>
          typeof k === 'string' ? has(value, k) : unsure(),
        )
      );
    case 'maxProperties':
      return !isObject(value) || Object.keys(value).length <= count(s.maxProperties);
    case 'minProperties':
      return !isObject(value) || Object.keys(value).length >= count(s.minProperties);
    case 'properties':
      return (
        !isObject(value) ||
        (isObject(s.properties)
          ? Object.entries(s.properties).every(([k, p]) => !has(value, k) || valid(p, value[k], ctx))
          : unsure())
      );
    case 'patternProperties':
      return (
        !isObject(value) ||
        (isObject(s.patternProperties)
          ? Object.entries(s.patternProperties).every(([p, sub]) => {
              const re = regex(p);
              return Object.keys(value).every((k) => !re.test(k) || valid(sub, value[k], ctx));
            })
          : unsure())
      );
    case 'additionalProperties':
      return additionalOk(s, value, ctx);
    case 'propertyNames':
      return !isObject(value) || Object.keys(value).every((k) => valid(s.propertyNames, k, ctx));
    case 'dependentRequired':
      return ctx.kind === '3.1' && isObject(s.dependentRequired)
        ? !isObject(value) ||
            Object.entries(s.dependentRequired).every(
              ([k, req]) => !has(value, k) || (Array.isArray(req) ? req : unsure()).every((r) => has(value, String(r))),
            )
        : unsure();
    case 'allOf':
      return schemas(s.allOf).every((sub) => valid(sub, value, ctx));
    case 'anyOf':
      return schemas(s.anyOf).some((sub) => valid(sub, value, ctx));
    case 'oneOf':
      return schemas(s.oneOf).filter((sub) => valid(sub, value, ctx)).length === 1;
    case 'not':
      return !valid(s.not, value, ctx);
    case 'if':
      // ajv ignores (compiles nothing of) an `if` without `then` and `else`.
      if (s.then === undefined && s.else === undefined) return true;
      return valid(s.if, value, ctx)
        ? s.then === undefined || valid(s.then, value, ctx)
        : s.else === undefined || valid(s.else, value, ctx);
    case 'then':
    case 'else':
      return true; // judged with if
    case '$ref':
      return valid(sharedSchema(s.$ref, ctx), value, ctx);
    default:
      return ANNOTATIONS.has(key) ? true : unsure();
  }
}

function itemsOk(s: Json, value: unknown, ctx: QuickContext): boolean {
  if (!Array.isArray(value)) return true;
  if (Array.isArray(s.items)) {
    if (ctx.kind === '3.1') return unsure();
    const tuple = s.items;
    if (!tuple.every((p, i) => i >= value.length || valid(p, value[i], ctx))) return false;
    return s.additionalItems === undefined || value.slice(tuple.length).every((v) => valid(s.additionalItems, v, ctx));
  }
  const from = ctx.kind === '3.1' && Array.isArray(s.prefixItems) ? s.prefixItems.length : 0;
  return value.slice(from).every((v) => valid(s.items, v, ctx));
}

function additionalOk(s: Json, value: unknown, ctx: QuickContext): boolean {
  if (!isObject(value)) return true;
  const declared = isObject(s.properties) ? s.properties : {};
  const patterns = isObject(s.patternProperties) ? Object.keys(s.patternProperties).map(regex) : [];
  const extra = Object.keys(value).filter(
    (k) => !Object.prototype.hasOwnProperty.call(declared, k) && !patterns.some((re) => re.test(k)),
  );
  return extra.every((k) => valid(s.additionalProperties, value[k], ctx));
}

function valid(schema: unknown, value: unknown, ctx: QuickContext): boolean {
  if (schema === true) return true;
  if (schema === false) return false;
  if (!isObject(schema)) return unsure();
  for (const key of Object.keys(schema)) if (!keyword(key, schema, value, ctx)) return false;
  return true;
}

/**
 * The interpreter's verdict on `value`: `valid` and `invalid` as ajv judges it (an invalid one is
 * worded by ajv: failingNodes); `refused` where ajv refuses to compile the schema (no verdict, no
 * finding); `unsure` where the interpreter cannot tell (ctx.onUnsure is told; ajv judges it whole).
 */
export type Verdict = 'valid' | 'invalid' | 'refused' | 'unsure';

export function judge(schema: unknown, value: unknown, ctx: QuickContext): Verdict {
  try {
    return valid(schema, value, ctx) ? 'valid' : 'invalid';
  } catch (error) {
    if (error instanceof Refused) return 'refused';
    if (error instanceof Unsure || error instanceof RangeError) {
      ctx.onUnsure?.();
      return 'unsure';
    }
    throw error;
  }
}

/** True only when `value` surely satisfies `schema` as ajv would judge it; false means "ask ajv". */
export const surelyValid = (schema: unknown, value: unknown, ctx: QuickContext): boolean =>
  judge(schema, value, ctx) === 'valid';

/** A node of the schema where a value fails, with the part of the value it judges and where that is. */
export interface Failure {
  path: (string | number)[];
  schema: unknown;
  value: unknown;
}

/**
 * Where `value` fails `schema`: the schema nodes whose own keywords fail, found through the
 * keywords that only pass a judgement down (`properties`, a single `items` schema, a shared
 * `$ref`), in the order ajv meets them: properties in the schema's order, items by index, depth
 * first (a node holds one of these that can fail for a value: a `$ref` node has no siblings, and
 * a value is an object or an array). Every keyword ajv evaluates before the first of them passes,
 * so ajv's first error over the whole schema is that node's first error, and ajv need compile
 * only that node (see schema-validator). Undefined where the interpreter is unsure.
 */
export function failingNodes(schema: unknown, value: unknown, ctx: QuickContext): Failure[] | undefined {
  try {
    const out: Failure[] = [];
    collect(schema, value, ctx, [], out);
    return out;
  } catch (error) {
    if (error instanceof Unsure || error instanceof Refused || error instanceof RangeError) {
      ctx.onUnsure?.();
      return undefined;
    }
    throw error;
  }
}

function collect(schema: unknown, value: unknown, ctx: QuickContext, path: (string | number)[], out: Failure[]): void {
  if (schema === true) return;
  if (!isObject(schema)) {
    if (schema === false) out.push({ path, schema, value });
    else unsure();
    return;
  }
  const inner: Failure[] = [];
  let own = false;
  for (const key of Object.keys(schema)) {
    if (keyword(key, schema, value, ctx)) continue;
    if (key === 'properties' && isObject(value) && isObject(schema.properties)) {
      for (const [name, sub] of Object.entries(schema.properties)) {
        if (has(value, name) && !valid(sub, value[name], ctx)) collect(sub, value[name], ctx, [...path, name], inner);
      }
    } else if (
      key === 'items' &&
      Array.isArray(value) &&
      !Array.isArray(schema.items) &&
      !(ctx.kind === '3.1' && Array.isArray(schema.prefixItems))
    ) {
      value.forEach((item, i) => {
        if (!valid(schema.items, item, ctx)) collect(schema.items, item, ctx, [...path, i], inner);
      });
    } else if (key === '$ref') {
      collect(sharedSchema(schema.$ref, ctx), value, ctx, path, inner);
    } else {
      own = true;
    }
  }
  // A node failing on its own is judged whole (its own keyword order decides its first error).
  if (own) out.push({ path, schema, value });
  else out.push(...inner);
}

/** Whether ajv compiles a whole schema: `compiles`, `refused` (it throws: no finding), or `unsure`. */
export type Compilation = 'compiles' | 'refused' | 'unsure';

// Keywords ajv knows that this interpreter does not model: a schema holding one is not vouched for.
// Any other keyword ajv ignores (strict: false). test/lint/engine/quick-validator.test.ts checks
// the list against ajv's own.
export const AJV_ONLY: ReadonlySet<string> = new Set([
  '$id',
  'id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
  '$async',
  'dependencies',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'minContains',
  'maxContains',
  'discriminator',
  // ajv-formats' keywords (addFormats adds them)
  'formatMaximum',
  'formatMinimum',
  'formatExclusiveMaximum',
  'formatExclusiveMinimum',
]);
const NUMBERS = new Set(['multipleOf', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum']);
const COUNTS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SCHEMAS = new Set(['additionalProperties', 'propertyNames', 'not']);

const compilations = { '3.0': new WeakMap<object, Compilation>(), '3.1': new WeakMap<object, Compilation>() };

/**
 * Whether ajv compiles `schema` whole, judged from the schema alone, every place ajv compiles (and
 * the shared subschemas its `$ref`s name): refused where a `pattern` there is no `u` regular
 * expression or an `enum` is empty (ajv throws), unsure where a keyword's value is not what the
 * interpreter reads or ajv knows a keyword it does not model. A failure found in one node is worded
 * from that node alone only when the whole compiles (stock mode compiles the whole). Cached per schema.
 */
export function ajvCompiles(schema: unknown, ctx: QuickContext): Compilation {
  if (typeof schema !== 'object' || schema === null) return schema === true || schema === false ? 'compiles' : 'unsure';
  const cache = compilations[ctx.kind];
  const known = cache.get(schema);
  if (known) return known;
  const state = { unsure: false, seen: new Set<unknown>() };
  let result: Compilation;
  try {
    walk(schema, ctx, state);
    result = state.unsure ? 'unsure' : 'compiles';
  } catch (error) {
    if (error instanceof Refused) result = 'refused';
    else if (error instanceof RangeError) result = 'unsure';
    else throw error;
  }
  cache.set(schema, result);
  return result;
}

interface WalkState {
  unsure: boolean;
  seen: Set<unknown>;
}

/** Walks one schema; throws Refused, marks state.unsure, or returns. */
function walk(schema: unknown, ctx: QuickContext, state: WalkState): void {
  if (schema === true || schema === false) return;
  if (!isObject(schema)) {
    state.unsure = true;
    return;
  }
  if (state.seen.has(schema)) return;
  state.seen.add(schema);
  for (const [key, v] of Object.entries(schema)) {
    if (!walkKeyword(key, v, schema, ctx, state)) state.unsure = true;
  }
}

/** One keyword of a schema being walked: false where the interpreter would be unsure of it. */
function walkKeyword(key: string, v: unknown, s: Json, ctx: QuickContext, state: WalkState): boolean {
  const sub = (x: unknown) => walk(x, ctx, state);
  if (NUMBERS.has(key)) return typeof v === 'number';
  if (COUNTS.has(key)) return typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (SCHEMAS.has(key)) return (sub(v), true);
  if (SCHEMA_LISTS.has(key)) return Array.isArray(v) && v.length > 0 && (v.forEach(sub), true);
  switch (key) {
    case 'type': {
      const types: unknown[] = Array.isArray(v) ? v : [v];
      if (!types.every((t) => typeof t === 'string' && TYPES.has(t))) return false;
      return !(types.includes('null') && s.nullable === false);
    }
    case 'nullable':
      return !(s.type === undefined || (Array.isArray(s.type) && s.type.length === 0));
    case 'enum':
      if (Array.isArray(v) && v.length === 0) throw new Refused(); // "enum must have non-empty array"
      return Array.isArray(v);
    case 'const':
      return true;
    case 'pattern':
      return (pattern(v), true);
    case 'format': {
      if (typeof v !== 'string') return false;
      const format = ctx.formats[v];
      return !(typeof format === 'object' && !(format instanceof RegExp) && format.async);
    }
    case 'uniqueItems':
      return typeof v === 'boolean';
    case 'items':
      if (!Array.isArray(v)) return (sub(v), true);
      if (ctx.kind === '3.1') return false;
      v.forEach(sub);
      if (s.additionalItems !== undefined) sub(s.additionalItems);
      return true;
    case 'additionalItems':
      return true; // walked with items (an array) in 3.0; ignored by ajv otherwise
    case 'prefixItems':
      return ctx.kind === '3.1' && Array.isArray(v) && (v.forEach(sub), true);
    case 'contains':
      return s.minContains === undefined && s.maxContains === undefined && (sub(v), true);
    case 'required':
      return Array.isArray(v) && v.every((k) => typeof k === 'string');
    case 'properties':
      return isObject(v) && (Object.values(v).forEach(sub), true);
    case 'patternProperties':
      if (!isObject(v)) return false;
      Object.values(v).forEach(sub);
      return Object.keys(v).every((p) => {
        try {
          new RegExp(p, 'u');
          return true;
        } catch {
          return false;
        }
      });
    case 'dependentRequired':
      return ctx.kind === '3.1' && isObject(v) && Object.values(v).every(Array.isArray);
    case 'if':
      // ajv compiles an `if` (and its `then`, `else`) only when `then` or `else` is there.
      if (s.then === undefined && s.else === undefined) return true;
      sub(v);
      if (s.then !== undefined) sub(s.then);
      if (s.else !== undefined) sub(s.else);
      return true;
    case 'then':
    case 'else':
      return true; // walked with if; ajv ignores them without one
    case '$ref': {
      const target = typeof v === 'string' ? ctx.shared?.(v) : undefined;
      return target !== undefined && (sub(target), true);
    }
    default:
      return !AJV_ONLY.has(key);
  }
}
