// Values for a declared parameter: one that breaks its schema (what input.declared-params sends), and one that
// fits it (for the required parameters beside the probed one).
import { isObject } from '../../../core/util/json.js';
import { derefIn } from '../../support/api-openapi.js';

export type Obj = Record<string, unknown>;

/** Above this, a value one character too long makes a URL some servers refuse for its length alone. */
const MAX_LENGTH_PROBED = 2000;
/** Tried in order against a pattern: the first it refuses is sent. */
const PATTERN_BREAKERS = ['restguide!', '!', '~', ' ', '0', 'a', 'A', '-1', 'restguide'];
const FORMAT_BREAKERS: Record<string, string> = {
  date: '2024-13-45',
  'date-time': '2024-13-45T25:61:00Z',
  uuid: 'restguide-no-uuid',
  email: 'restguide-no-email',
  uri: 'restguide no uri',
};

/** The parameter's schema, an array's items in its place (a value in the query is one of them). */
function valueSchema(doc: Obj, parameter: Obj): Obj | undefined {
  const schema = derefIn(doc, parameter['schema']);
  if (!isObject(schema)) return undefined;
  if (schema['type'] === 'array') {
    const items = derefIn(doc, schema['items']);
    return isObject(items) ? items : undefined;
  }
  return schema;
}

const typeOf = (schema: Obj): string | undefined => {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  // OpenAPI 3.1: ['integer', 'null'] is an integer that may be absent.
  return Array.isArray(type) ? type.find((t): t is string => typeof t === 'string' && t !== 'null') : undefined;
};

function patternOf(schema: Obj): RegExp | undefined {
  if (typeof schema['pattern'] !== 'string') return undefined;
  try {
    return new RegExp(schema['pattern'], 'u');
  } catch {
    return undefined;
  }
}

/** The bound an out-of-range number crosses, and how: above the maximum first (ids and sizes have one). */
function outOfRange(schema: Obj, integer: boolean): { value: string; breaks: string } | undefined {
  const step = integer ? 1 : 0.5;
  const maximum = schema['maximum'];
  const exclusiveMaximum = schema['exclusiveMaximum'];
  if (typeof exclusiveMaximum === 'number')
    return { value: String(exclusiveMaximum), breaks: `${exclusiveMaximum}, not below its exclusiveMaximum` };
  if (typeof maximum === 'number' && Number.isSafeInteger(Math.ceil(maximum) + 1)) {
    const value = exclusiveMaximum === true ? maximum : (integer ? Math.floor(maximum) : maximum) + step;
    return { value: String(value), breaks: `${value}, above its maximum ${maximum}` };
  }
  const minimum = schema['minimum'];
  const exclusiveMinimum = schema['exclusiveMinimum'];
  if (typeof exclusiveMinimum === 'number')
    return { value: String(exclusiveMinimum), breaks: `${exclusiveMinimum}, not above its exclusiveMinimum` };
  if (typeof minimum === 'number' && Number.isSafeInteger(Math.floor(minimum) - 1)) {
    const value = exclusiveMinimum === true ? minimum : (integer ? Math.ceil(minimum) : minimum) - step;
    return { value: String(value), breaks: `${value}, below its minimum ${minimum}` };
  }
  return undefined;
}

export interface Breaking {
  value: string;
  /** What it breaks, for the message: `2024-13-45, no date`. */
  breaks: string;
  /** Only its JSON type is wrong: in a body, input.wrong-type's probe. */
  typeOnly?: boolean;
}

/**
 * A value the parameter's schema refuses, and what it breaks (`2024-13-45, no date`); undefined when nothing can be
 * broken (a free string, a parameter described by `content`).
 */
export function breakingValue(doc: Obj, parameter: Obj): Breaking | undefined {
  const schema = valueSchema(doc, parameter);
  if (!schema) return undefined;
  const type = typeOf(schema);
  const values = Array.isArray(schema['enum']) ? schema['enum'] : undefined;
  if (type === 'integer' || type === 'number') {
    const range = outOfRange(schema, type === 'integer');
    if (range) return range;
    if (values && values.every((v) => typeof v === 'number')) {
      const value = Math.max(...values) + 1;
      return { value: String(value), breaks: `${value}, not one of its enum` };
    }
    return { value: 'restguide', breaks: `restguide, no ${type}`, typeOnly: true };
  }
  if (type === 'boolean') return { value: 'restguide', breaks: 'restguide, no boolean', typeOnly: true };
  if (values && values.length > 0) {
    const value = values.includes('restguideNotInEnum') ? 'restguideNotInEnum2' : 'restguideNotInEnum';
    return { value, breaks: `${value}, not one of its enum` };
  }
  if (type !== 'string' && type !== undefined) return undefined;
  const format = typeof schema['format'] === 'string' ? FORMAT_BREAKERS[schema['format']] : undefined;
  const pattern = patternOf(schema);
  if (format !== undefined && !pattern?.test(format))
    return { value: format, breaks: `${format}, no ${String(schema['format'])}` };
  if (pattern) {
    const value = PATTERN_BREAKERS.find((candidate) => !pattern.test(candidate));
    if (value !== undefined) return { value, breaks: `${value}, outside its pattern` };
  }
  const maxLength = schema['maxLength'];
  if (typeof maxLength === 'number' && maxLength < MAX_LENGTH_PROBED) {
    const value = 'x'.repeat(Math.floor(maxLength) + 1);
    return { value, breaks: `${value.length} characters, above its maxLength ${maxLength}` };
  }
  const minLength = schema['minLength'];
  if (typeof minLength === 'number' && minLength >= 2) {
    const value = 'x'.repeat(Math.ceil(minLength) - 1);
    return { value, breaks: `${value.length} characters, below its minLength ${minLength}` };
  }
  return undefined;
}

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** A value the parameter's schema takes: its example, default or first enum value, else one of its type. */
export function validValue(doc: Obj, parameter: Obj): string | undefined {
  const schema = valueSchema(doc, parameter) ?? {};
  const examples = isObject(parameter['examples']) ? Object.values(parameter['examples']) : [];
  const exampleObject = examples.map((e) => derefIn(doc, e)).find(isObject);
  const given = [
    parameter['example'],
    exampleObject?.['value'],
    schema['example'],
    schema['default'],
    Array.isArray(schema['enum']) ? schema['enum'][0] : undefined,
  ].find((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  if (given !== undefined) return String(given);
  const type = typeOf(schema);
  if (type === 'boolean') return 'true';
  if (type === 'integer' || type === 'number') {
    const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : undefined;
    return String(minimum !== undefined && minimum > 1 ? Math.ceil(minimum) : 1);
  }
  const format = typeof schema['format'] === 'string' ? FORMAT_SAMPLES[schema['format']] : undefined;
  if (format !== undefined) return format;
  // A pattern or a length only a chosen value fits: none is guessed.
  if (schema['pattern'] !== undefined || schema['minLength'] !== undefined) return undefined;
  return type === 'string' || type === undefined ? 'restguide' : undefined;
}

/**
 * A body member's value its schema refuses by a constraint (enum, range, format, pattern, length), typed as the
 * member is (a number for a number); undefined for a type alone, which input.wrong-type probes.
 */
export function breakingMember(doc: Obj, schema: unknown): { value: string | number; breaks: string } | undefined {
  const resolved = derefIn(doc, schema);
  const type = isObject(resolved) ? typeOf(resolved) : undefined;
  // A query value stands for one item of an array; a body member is the array itself.
  if (type === 'array') return undefined;
  const found = breakingValue(doc, { schema });
  if (!found || found.typeOnly) return undefined;
  const numeric = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(found.value);
  return { value: numeric ? Number(found.value) : found.value, breaks: found.breaks };
}
