// Accelerated mode's stand-in for ajv (stock mode asks ajv alone: rulesets/support/schema-validator.ts).
// Decides without generating code that a value surely satisfies a (converted) JSON Schema. Most
// examples in a large document are valid and each sits on its own schema: compiling an ajv
// validator for each one was most of the lint's time. Only "surely valid" is trusted; a value that
// fails, or any keyword this interpreter does not know, goes to ajv, whose first error is the message.
import { isObject, type Json } from '../../../rulesets/support/json.js';

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
    case 'pattern':
      return typeof value !== 'string' || regex(s.pattern).test(value);
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

/** True only when `value` surely satisfies `schema` as ajv would judge it; false means "ask ajv". */
export function surelyValid(schema: unknown, value: unknown, ctx: QuickContext): boolean {
  try {
    return valid(schema, value, ctx);
  } catch (error) {
    if (error instanceof Unsure || error instanceof RangeError) {
      ctx.onUnsure?.();
      return false;
    }
    throw error;
  }
}

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
    if (error instanceof Unsure || error instanceof RangeError) {
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
