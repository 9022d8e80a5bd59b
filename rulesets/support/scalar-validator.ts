// A fast path for the common case: defaults, enum values and examples of scalar schemas (no
// nested keywords). Compiling an ajv validator per schema is costly, and a large document has
// thousands of them. Anything beyond scalars returns `undefined` (not judged here: use ajv).
import formatsModule from 'ajv-formats/dist/formats.js';
import type { Json } from './json.js';

type FormatCheck =
  | RegExp
  | ((value: string | number) => boolean)
  | { validate: RegExp | ((value: string | number) => boolean); type?: string };
const fullFormats = ((formatsModule as unknown as { fullFormats?: Record<string, FormatCheck> }).fullFormats ??
  {}) as Record<string, FormatCheck>;

const NESTED = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  '$ref',
  'if',
  'contains',
  'dependentSchemas',
  'required',
];

/** Whether the fast path can judge this schema. */
export const isScalarSchema = (schema: Json): boolean =>
  NESTED.every((k) => schema[k] === undefined) &&
  (schema.type === undefined || typeof schema.type === 'string' || Array.isArray(schema.type));

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

const typeMatches = (declared: string, actual: string): boolean =>
  declared === actual || (declared === 'number' && actual === 'integer');

const OAS_INT: Record<string, (v: number) => boolean> = {
  int32: (v) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31,
  int64: (v) => Number.isInteger(v),
};

function formatOk(format: string, value: unknown): boolean {
  if (typeof value === 'number' && OAS_INT[format]) return OAS_INT[format](value);
  const check = fullFormats[format];
  if (check === undefined || check === (true as unknown)) return true;
  const validate = check instanceof RegExp || typeof check === 'function' ? check : check.validate;
  const expects = check instanceof RegExp || typeof check === 'function' ? 'string' : (check.type ?? 'string');
  if ((expects === 'number') !== (typeof value === 'number')) return true; // format does not apply to this type
  if (typeof value !== 'string' && typeof value !== 'number') return true;
  return validate instanceof RegExp ? validate.test(String(value)) : validate(value);
}

/** Why `value` breaks a scalar `schema` ('' when it does not), 3.0 semantics for nullable. */
export function scalarViolation(schema: Json, value: unknown, kind: '3.0' | '3.1', omitEnum: boolean): string {
  const actual = typeOf(value);
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  if (kind === '3.0' && schema.nullable === true && types.length > 0) types.push('null');
  if (value === null && kind === '3.0' && schema.nullable === true) return '';
  if (types.length > 0 && !types.some((t) => typeMatches(t, actual))) return `must be ${types.join(' or ')}`;
  if (!omitEnum && Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    return 'must be one of the enum values';
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value))
    return 'must equal the const value';
  if (typeof value === 'number') {
    const exMin = schema.exclusiveMinimum,
      exMax = schema.exclusiveMaximum;
    if (typeof schema.minimum === 'number' && (exMin === true ? value <= schema.minimum : value < schema.minimum))
      return `must be >= ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && (exMax === true ? value >= schema.maximum : value > schema.maximum))
      return `must be <= ${schema.maximum}`;
    if (typeof exMin === 'number' && value <= exMin) return `must be > ${exMin}`;
    if (typeof exMax === 'number' && value >= exMax) return `must be < ${exMax}`;
    if (
      typeof schema.multipleOf === 'number' &&
      schema.multipleOf > 0 &&
      Math.abs(value / schema.multipleOf - Math.round(value / schema.multipleOf)) > 1e-9
    )
      return `must be a multiple of ${schema.multipleOf}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      return `must NOT have fewer than ${schema.minLength} characters`;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      return `must NOT have more than ${schema.maxLength} characters`;
    if (typeof schema.pattern === 'string') {
      try {
        if (!new RegExp(schema.pattern, 'u').test(value)) return `must match pattern "${schema.pattern}"`;
      } catch {
        return ''; // an invalid pattern is not this rule's finding
      }
    }
  }
  if (typeof schema.format === 'string' && !formatOk(schema.format, value))
    return `must match format "${schema.format}"`;
  return '';
}
