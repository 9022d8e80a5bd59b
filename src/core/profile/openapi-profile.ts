// `--openapi`: derive a profile from an OpenAPI 3 document (a best effort; a --profile overrides it).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ProxyEnv, TlsMaterial } from '../http/auth/transport.js';
import { EMPTY_REASON, isBlankText } from '../util/blank-text.js';
import { UsageError } from '../util/errors.js';
import { HttpClient, TransportError } from '../http/http-client.js';
import { isObject, type JsonObject, type JsonValue } from '../util/json.js';
import type { CollectionProfile, DocumentProfile, ParameterSource, Profile } from './profile.js';
import { PROFILE_METHODS } from './profile-schema.js';
import type { FilterSchema, UniqueValue } from './target.js';
import { EXTENSION, itemParameter, LAST_SEGMENT_PARAMETER, namesWriteAction, PARAMETERS } from './path-templates.js';
import { isReservedQuery, pagingOf, foreignSortOf, type PagingRoles } from './query-roles.js';
import { LIST_NAMES, listingOf } from './list-shape.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';
import { orderTimeRanges } from './time-ranges.js';
import { OpenApiModel, type HttpMethod, type Operation } from '../../openapi/operations.js';
import type { Json } from '../../openapi/json.js';
import { followLocalRefs, type Located } from '../../openapi/refs.js';
import { isOpenApi3, parseText } from '../../openapi/text.js';
import { seededRandom, stringMatching } from '../../openapi/pattern.js';

type Obj = Record<string, unknown>;
// First words that make a path segment a controller (ctl-res: controllers are verbs).
const VERBS =
  /^(convert|send|withdraw|archive|calculate|compute|validate|verify|check|cancel|approve|reject|submit|notify|generate|export|import|activate|deactivate|reset|publish|close|open|search|start|stop|transfer|merge|split|resend|renew|sign|estimate|simulate)([A-Z]|$)/;

export async function loadOpenApi(
  source: string,
  cwd: string,
  options: { timeoutMs?: number; tls?: TlsMaterial; proxy?: ProxyEnv } = {},
): Promise<Obj> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const client = new HttpClient({
      baseUrl: source,
      allowWrites: false,
      timeoutMs: options.timeoutMs ?? 10_000,
      concurrency: 1,
      bodyCapBytes: 16 * 1024 * 1024,
      ...(options.tls ? { tls: options.tls } : {}),
      ...(options.proxy ? { proxy: options.proxy } : {}),
    });
    try {
      const exchange = await client.request({
        url: source,
        headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' },
      });
      if (exchange.response.status !== 200)
        throw new UsageError(`cannot read OpenAPI document ${source}: HTTP ${exchange.response.status}`);
      if (exchange.response.truncated)
        throw new UsageError(`cannot read OpenAPI document ${source}: larger than 16 MiB`);
      text = exchange.response.text;
    } catch (error) {
      if (error instanceof TransportError)
        throw new UsageError(`cannot read OpenAPI document ${source}: ${error.message.replace(/^GET \S+: /, '')}`);
      throw error;
    } finally {
      await client.close();
    }
  } else {
    try {
      text = await readFile(resolve(cwd, source), 'utf8');
    } catch (error) {
      throw new UsageError(
        `cannot read OpenAPI document ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  if (isBlankText(text)) throw new UsageError(`bad OpenAPI document ${source}: ${EMPTY_REASON}`);
  let doc: unknown;
  try {
    doc = parseText(text);
  } catch (error) {
    throw new UsageError(
      `bad OpenAPI document ${source}: not YAML or JSON (${(error as Error).message.split('\n')[0]})`,
    );
  }
  // Swagger 2.0 (still how several Belgian government APIs are described): converted in memory, as lint does.
  if (isObject(doc) && doc['swagger'] === '2.0' && isObject(doc['paths'])) {
    const { upgradeFromTwoToThree } = await import('@scalar/openapi-upgrader/2.0-to-3.0');
    doc = upgradeFromTwoToThree(JSON.parse(JSON.stringify(doc)) as never) as unknown;
  }
  if (!isOpenApi3(doc)) {
    throw new UsageError(`bad OpenAPI document ${source}: no 'openapi' version (nor 'swagger: "2.0"') or no 'paths'`);
  }
  return doc;
}

/** A value with its local `$ref`s followed; undefined when the chain breaks (see followRefs). */
const deref = (doc: Obj, value: unknown): unknown => followLocalRefs(doc, value).value;

/** The properties of a schema, merging allOf members one level deep. */
function propertiesOf(doc: Obj, schema: unknown): Obj {
  const s = deref(doc, schema);
  if (!isObject(s)) return {};
  const own = isObject(s['properties']) ? s['properties'] : {};
  const merged = Array.isArray(s['allOf']) ? s['allOf'].map((part) => propertiesOf(doc, part)) : [];
  return Object.assign({}, ...merged, own);
}

const jsonSchemaOf = (doc: Obj, response: unknown): unknown => {
  const content = (deref(doc, response) as Obj | undefined)?.['content'];
  if (!isObject(content)) return undefined;
  const key = Object.keys(content).find((type) => /json/i.test(type));
  return key ? (content[key] as Obj | undefined)?.['schema'] : undefined;
};

const exampleOf = (doc: Obj, holder: unknown): JsonValue | undefined => {
  const h = deref(doc, holder);
  if (!isObject(h)) return undefined;
  if (h['example'] !== undefined) return h['example'] as JsonValue;
  if (isObject(h['examples'])) {
    const first = deref(doc, Object.values(h['examples'])[0]);
    if (isObject(first) && first['value'] !== undefined) return first['value'] as JsonValue;
  }
  if (Array.isArray(h['examples']) && h['examples'].length > 0) return h['examples'][0] as JsonValue;
  const schema = deref(doc, h['schema']);
  if (isObject(schema)) {
    if (schema['example'] !== undefined) return schema['example'] as JsonValue;
    if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0] as JsonValue;
  }
  return undefined;
};

/** An operation's parameters, the path item's merged with its own (the model's merge), $refs followed. */
const parametersOf = (model: OpenApiModel, op: Operation): Obj[] =>
  model.parameters(op.pathItem, op.operation).map((p) => p.node.value);

const requestExample = (doc: Obj, operation: Obj): JsonValue | undefined => {
  const body = deref(doc, operation['requestBody']);
  const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
  const key = Object.keys(content).find((type) => /json/i.test(type));
  return key ? exampleOf(doc, content[key]) : undefined;
};

const requestSchema = (doc: Obj, operation: Obj): unknown => {
  const body = deref(doc, operation['requestBody']);
  const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
  const key = Object.keys(content).find((type) => /json/i.test(type));
  return key ? (content[key] as Obj | undefined)?.['schema'] : undefined;
};

/** A value a schema accepts, made from its own example, default, enum or type (bounded depth); undefined: none known. */
function sampleOf(doc: Obj, raw: unknown, depth = 0): JsonValue | undefined {
  const schema = deref(doc, raw);
  if (!isObject(schema) || depth > 4) return undefined;
  if (schema['example'] !== undefined) return schema['example'] as JsonValue;
  if (schema['default'] !== undefined) return schema['default'] as JsonValue;
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0] as JsonValue;
  if (schema['const'] !== undefined) return schema['const'] as JsonValue;
  const alternatives = schema['oneOf'] ?? schema['anyOf'];
  if (Array.isArray(alternatives) && alternatives.length > 0) return alternativeSample(doc, alternatives, depth + 1);
  const type = Array.isArray(schema['type']) ? schema['type'].find((t) => t !== 'null') : schema['type'];
  if (type === 'object' || (type === undefined && (isObject(schema['properties']) || Array.isArray(schema['allOf']))))
    return objectSample(doc, schema, depth + 1);
  if (type === 'array') {
    const item = Number(schema['minItems'] ?? 0) > 0 ? sampleOf(doc, schema['items'], depth + 1) : undefined;
    return item === undefined ? [] : [item];
  }
  if (type === 'integer' || type === 'number')
    return typeof schema['minimum'] === 'number' ? Math.max(schema['minimum'], 1) : 1;
  if (type === 'boolean') return false;
  if (type !== 'string') return undefined;
  const formats: Record<string, string> = {
    date: '2026-01-01',
    'date-time': '2026-01-01T00:00:00Z',
    // A decimal written as a string (Django REST framework, OpenAPI's format registry).
    decimal: '1.00',
    email: 'restguide@example.org',
    uri: 'https://example.org/restguide',
    uuid: '00000000-0000-4000-8000-000000000000',
  };
  const moment = momentSample(schema, formats[String(schema['format'])]);
  if (moment !== undefined) return moment;
  const length = digitsLength(schema['pattern']);
  if (length !== undefined) return '1'.repeat(length);
  const made = matching(schema, 1);
  return (
    (made === undefined ? undefined : realMoment(String(schema['pattern']), made)) ??
    made ??
    formats[String(schema['format'])] ??
    fitted('restguide sample', schema)
  );
}

/**
 * A value of one of `oneOf`'s or `anyOf`'s alternatives. A related record or its key (Sails' `station`:
 * "the station instance or FK") is sent as its key, a scalar alternative or the record's `id`: a whole record
 * made up was refused (E_INVALID_NEW_RECORD).
 */
function alternativeSample(doc: Obj, alternatives: unknown[], depth: number): JsonValue | undefined {
  const scalar = alternatives.find((alternative) => {
    const s = deref(doc, alternative);
    return isObject(s) && ['integer', 'string'].includes(String(s['type']));
  });
  if (scalar !== undefined) return sampleOf(doc, scalar, depth);
  const idOf = propertiesOf(doc, alternatives[0])['id'];
  const id = deref(doc, idOf);
  if (isObject(id) && ['integer', 'string'].includes(String(id['type']))) return sampleOf(doc, id, depth);
  return sampleOf(doc, alternatives[0], depth);
}

/** Names of members a server keeps itself: ids and creation or modification times (without case, `_` or `-`). */
const SERVER_MAINTAINED =
  /^(?:id|(?:created|updated|modified|changed)(?:at|on|date|time|timestamp)?|lastmodified|lastupdated|datecreated|datemodified)$/;
export const serverMaintained = (name: string): boolean =>
  SERVER_MAINTAINED.test(name.toLowerCase().replace(/[_-]/g, ''));

/** Ways of writing the format's value that a stricter pattern may ask for (fractional seconds, an offset). */
const MOMENT_SPELLINGS: Record<string, string[]> = {
  'date-time': ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00.000+00:00'],
};

/**
 * A date or date-time the format declares wins over a loose pattern: class-validator-jsonschema's
 * `\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d.\d+Z?` matched `5834-10-19T22:34:33028842837Z`, which no API takes.
 * The format's value as the pattern takes it, else one the pattern makes that is a date, else the format's value.
 */
function momentSample(schema: Obj, declared: string | undefined): string | undefined {
  const format = schema['format'];
  if ((format !== 'date' && format !== 'date-time') || declared === undefined) return undefined;
  const pattern = schema['pattern'];
  if (typeof pattern !== 'string') return declared;
  const spelled = [declared, ...(MOMENT_SPELLINGS[format] ?? [])].find((value) => fits(pattern, value));
  if (spelled !== undefined) return spelled;
  const made = matching(schema, 1);
  const shape =
    format === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
  return made !== undefined && shape.test(made) && !Number.isNaN(Date.parse(made)) ? made : declared;
}

/** The start of a date or moment: a value made from a pattern that begins so was meant as one. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
const DATES = ['2026-01-01T00:00:00Z', ...(MOMENT_SPELLINGS['date-time'] ?? []), '2026-01-01'];

/**
 * A real date or moment for a pattern that makes date-like text without a format: class-validator-jsonschema writes
 * `@IsDateString()` as `\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d.\d+Z?` alone, which made
 * `2689-02-18T04:32:16v45216132Z` (routing-controllers' /stations refused every create). Undefined when `made` is
 * no date-like text, is a real date already, or no real one fits the pattern.
 */
function realMoment(pattern: string, made: string): string | undefined {
  if (!DATE_LIKE.test(made) || isRealDate(made)) return undefined;
  return DATES.find((value) => fits(pattern, value));
}

/** A date (`2026-01-01`) or moment with seconds and a zone, whose numbers make a day and time that exist. */
function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(value)) return false;
  // Date.parse rolls 31 February over to March: the day read back must be the day written.
  const day = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return (
    !Number.isNaN(Date.parse(value)) && !Number.isNaN(day) && new Date(day).toISOString().startsWith(value.slice(0, 10))
  );
}

/**
 * A string the schema's pattern matches within its lengths (`0123456789` of `^[01][0-9]{9}$`), the same for the same
 * pattern and `seed`: a value the run makes must fit where it goes, or the API's refusal is the run's fault.
 */
function matching(schema: Obj, seed: number): string | undefined {
  const pattern = schema['pattern'];
  if (typeof pattern !== 'string') return undefined;
  const random = seededRandom([...pattern].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, seed));
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity;
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    const text = stringMatching(pattern, random);
    if (text === undefined) return undefined;
    if (text.length >= min && text.length <= max) return text;
  }
  return undefined;
}

/** `text` cut to the schema's maxLength, or padded to its minLength. */
function fitted(text: string, schema: Obj): string {
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity;
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  return text.padEnd(Math.min(min, 64), 'x').slice(0, Math.max(max, 1));
}

/** Names of members that hold a moment (`startsAt`, `created_at`) or a day (`birthDate`, `openedOn`, `valid_on`). */
const MOMENT_NAME = /(?:[a-z0-9]At|_at)$/;
const DAY_NAME = /(?:^date|[a-z0-9]Date|_date|[a-z0-9]On|_on)$/;

/**
 * A member's schema with the format its name says when it declares a plain `string` (no format, pattern or enum):
 * a `startsAt` declared as text still goes to a timestamp column, and free text there fails the API, not the rule.
 */
function withNamedFormat(name: string, schema: unknown): unknown {
  if (!isObject(schema) || schema['format'] !== undefined || schema['pattern'] !== undefined) return schema;
  if (schema['enum'] !== undefined || schema['example'] !== undefined || schema['default'] !== undefined) return schema;
  const type = Array.isArray(schema['type']) ? schema['type'].find((t) => t !== 'null') : schema['type'];
  if (type !== 'string') return schema;
  const format = MOMENT_NAME.test(name) ? 'date-time' : DAY_NAME.test(name) ? 'date' : undefined;
  return format === undefined ? schema : { ...schema, format };
}

/** An object of a schema's writable properties (its required ones, and the others it names), leaving out `omit`. */
function objectSample(doc: Obj, schema: unknown, depth: number, omit?: string): JsonObject | undefined {
  const properties = propertiesOf(doc, schema);
  const body: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    const resolved = deref(doc, property);
    if (name === omit || (isObject(resolved) && resolved['readOnly'] === true)) continue;
    const value = sampleOf(doc, withNamedFormat(name, resolved), depth);
    if (value !== undefined) body[name] = value;
  }
  return Object.keys(body).length > 0 ? orderTimeRanges(body) : undefined;
}

/**
 * A create body when the document gives no example: made from the request schema. The key is left out unless
 * required (frameworks assign ids); its unique value is the run's anyway.
 */
function createBodyOf(
  doc: Obj,
  post: Obj,
  key: string | undefined,
): { body?: JsonValue; fromSchema?: true; optional?: string[] } {
  const example = requestExample(doc, post);
  if (example !== undefined) return { body: example };
  const schema = deref(doc, requestSchema(doc, post));
  // Sails' generator writes `allOf: [the model, {required: [serial]}]`: a branch's `required` counts too.
  const required = requiredOf(doc, schema);
  const body = objectSample(doc, schema, 0, key !== undefined && !required.includes(key) ? key : undefined);
  if (body === undefined) return {};
  // Members named as the server keeps them (`id`, `createdAt`) but not marked readOnly are the server's to set:
  // Sails stored a station with `createdAt: 1` as sent.
  for (const name of Object.keys(body)) if (serverMaintained(name) && !required.includes(name)) delete body[name];
  if (Object.keys(body).length === 0) return {};
  // What the schema does not require is sent only once the API took the rest (a geocoded address may fail it).
  const optional = Object.keys(body).filter((name) => !required.includes(name) && name !== key);
  return { body, fromSchema: true, ...(optional.length > 0 ? { optional } : {}) };
}

/**
 * A one-property patch when the document gives no example: the first writable string the run can change to a value
 * its schema takes (maxLength, enum, format, digit pattern), else the first scalar, other than the key.
 */
function patchBodyOf(doc: Obj, patch: Obj, key: string | undefined): JsonValue | undefined {
  const example = requestExample(doc, patch);
  if (example !== undefined) return example;
  const schema = requestSchema(doc, patch);
  const whole = objectSample(doc, schema, 0, key);
  const properties = propertiesOf(doc, schema);
  const entries = Object.entries(whole ?? {}).filter(([, value]) => value !== null && typeof value !== 'object');
  const changed = entries.flatMap(([name, value]): Array<[string, JsonValue]> => {
    if (typeof value !== 'string') return [];
    const other = changedString(withNamedFormat(name, deref(doc, properties[name])), value);
    return other === undefined ? [] : [[name, other]];
  });
  // A member without a pattern first: a value made from a pattern may still break what the API alone checks.
  const plain = changed.find(([name]) => {
    const declared = deref(doc, properties[name]);
    return !isObject(declared) || declared['pattern'] === undefined;
  });
  const chosen = plain ?? changed[0] ?? entries.find(([, value]) => typeof value !== 'string');
  return chosen === undefined ? undefined : { [chosen[0]]: chosen[1] };
}

/** Values of string formats other than sampleOf's, so a change shows. */
const CHANGED_FORMATS: Record<string, string> = {
  date: '2026-02-02',
  'date-time': '2026-02-02T00:00:00Z',
  decimal: '2.00',
  email: 'restguide.patched@example.org',
  uri: 'https://example.org/restguide-patched',
  uuid: '00000000-0000-4000-8000-000000000001',
};

/**
 * A value other than `current` that the string schema takes: a change the API must accept, so a refusal is the
 * API's (a 17-character text in a 13-character member was the run's own fault). Undefined: none the run can make.
 */
function changedString(schema: unknown, current: string): string | undefined {
  if (!isObject(schema)) return 'restguide patched';
  if (Array.isArray(schema['enum']))
    return schema['enum'].find((value): value is string => typeof value === 'string' && value !== current);
  if (schema['const'] !== undefined) return undefined;
  // A union of literals (TypeBox's anyOf of const) takes another of them; a union of shapes, what its first takes.
  const alternatives = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const literals = alternatives.flatMap((part) =>
      isObject(part)
        ? part['const'] !== undefined
          ? [part['const']]
          : Array.isArray(part['enum'])
            ? part['enum']
            : []
        : [],
    );
    if (literals.length > 0)
      return literals.find((value): value is string => typeof value === 'string' && value !== current);
    return changedString(alternatives[0], current);
  }
  const format = CHANGED_FORMATS[String(schema['format'])];
  if (format !== undefined) return format;
  const length = digitsLength(schema['pattern']);
  if (length !== undefined) return '2'.repeat(length);
  // Any other pattern: one it matches other than the current value, if the pattern is simple enough to read.
  if (schema['pattern'] !== undefined) {
    for (let seed = 2; seed < 6; seed++) {
      const text = matching(schema, seed);
      if (text !== undefined && text !== current) return text;
    }
    return undefined;
  }
  const text = fitted('restguide patched', schema);
  return text !== current ? text : fitted('patched restguide', schema);
}

/** A pattern of decimal digits only (`^[0-9]{11}$`, `^\\d{2,11}$`): the number of digits to make, else undefined. */
function digitsLength(pattern: unknown): number | undefined {
  if (typeof pattern !== 'string') return undefined;
  const match = /^\^(?:\[0-9\]|\\d)\{(?:\d+,)?(\d+)\}\$$/.exec(pattern);
  const length = match ? Number(match[1]) : NaN;
  return length >= 1 && length <= 30 ? length : undefined;
}

/** String formats whose values `abc` is none of (an id typed `uuid` or `date` refuses it). */
const STRICT_FORMATS = new Set(['uuid', 'date', 'date-time', 'email', 'int32', 'int64', 'ipv4', 'ipv6']);

/**
 * Ids a string parameter refuses: of its pattern, one letters-only and one digits-only candidate; of a strict
 * format (uuid, date...), `abc`; none without either.
 */
export function malformedStrings(schema: unknown): string[] {
  if (!isObject(schema) || schema['type'] !== 'string') return [];
  const ofFormat = STRICT_FORMATS.has(String(schema['format'])) ? ['abc'] : [];
  if (typeof schema['pattern'] !== 'string') return ofFormat;
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema['pattern'], 'u');
  } catch {
    return ofFormat;
  }
  const ofPattern = [
    ['abc', 'abcdefghijk'],
    ['0', '12345678901234567890'],
  ]
    .map((candidates) => candidates.find((candidate) => !pattern.test(candidate)))
    .filter((candidate): candidate is string => candidate !== undefined);
  return [...new Set([...ofFormat, ...ofPattern])];
}

/** Ids a path parameter's schema refuses: a number's `abc` (and its maximum + 1), else a string's (above). */
function malformedIdsOf(schema: Obj | undefined): string[] {
  const type = Array.isArray(schema?.['type']) ? schema['type'].find((t) => t !== 'null') : schema?.['type'];
  if (type === 'integer' || type === 'number')
    return ['abc', ...(typeof schema?.['maximum'] === 'number' ? [String(schema['maximum'] + 1)] : [])];
  return malformedStrings(type === 'string' ? { ...schema, type } : schema);
}

/**
 * How to make a fresh value of a create body's business key from its schema: an integer in the upper tenth of
 * its range (seeded data tends to sit low; the maximum itself is left for the absent id), digits for a
 * digits-only pattern, a suffixed string otherwise; undefined for another type.
 */
export function uniqueValueOf(path: string, schema: unknown): UniqueValue | undefined {
  if (!isObject(schema)) return undefined;
  if (schema['type'] === 'integer') {
    const min = typeof schema['minimum'] === 'number' ? Math.ceil(schema['minimum']) : 1;
    const max = typeof schema['maximum'] === 'number' ? Math.floor(schema['maximum']) : 2 ** 31 - 1;
    if (max - min < 2) return { path, kind: 'integer', min, max };
    const top = max - 1;
    return { path, kind: 'integer', min: top - Math.floor((top - min) / 10), max: top };
  }
  if (schema['type'] !== 'string') return undefined;
  const length = digitsLength(schema['pattern']);
  if (length !== undefined) return { path, kind: 'digits', length };
  // The run's value fits the declared length (a 25-character key into a 20-character column is the run's fault)
  // and pattern (the example's characters varied within it: `0123456789` of `^[01][0-9]{9}$`).
  const max = schema['maxLength'];
  const pattern = typeof schema['pattern'] === 'string' ? { pattern: schema['pattern'] } : {};
  return { path, kind: 'string', ...(typeof max === 'number' && max <= 30 ? { length: max } : {}), ...pattern };
}

/** The unique values of a collection's create body: its business key when the POST body carries it. */
function uniqueOfCreate(
  doc: Obj,
  post: Obj,
  key: string | undefined,
  body: JsonObject,
  fromSchema: boolean,
): UniqueValue[] {
  const properties = propertiesOf(doc, requestSchema(doc, post));
  const schemaOf = (name: string): Obj | undefined => {
    const schema = withNamedFormat(name, deref(doc, properties[name]));
    return isObject(schema) ? schema : undefined;
  };
  // A key the server assigns (readOnly, or an `id` a schema-made body need not send) is never sent: the record
  // shows the server's value, not one the run made.
  const keySchema = key === undefined ? undefined : schemaOf(key);
  const assigned =
    keySchema?.['readOnly'] === true ||
    (fromSchema &&
      key !== undefined &&
      serverMaintained(key) &&
      !requiredOf(doc, requestSchema(doc, post)).includes(key));
  const unique = key !== undefined && !assigned ? uniqueValueOf(key, keySchema) : undefined;
  if (!fromSchema) return unique ? [unique] : [];
  // A body made from the schema repeats the same words on every POST: its free-text strings get a fresh value each
  // time, so a unique constraint never refuses the run's second create (DRF's 10-character `enterprise_number`)
  // and the record shows what only this POST sent. Short codes (a 2-letter country) stay as they are.
  const texts = Object.keys(body).filter((name) => {
    const schema = schemaOf(name);
    return (
      name !== key &&
      typeof body[name] === 'string' &&
      schema !== undefined &&
      ['enum', 'const', 'format', 'pattern', 'anyOf', 'oneOf', 'allOf'].every((word) => schema[word] === undefined) &&
      (typeof schema['maxLength'] !== 'number' || schema['maxLength'] >= MIN_UNIQUE_LENGTH)
    );
  });
  const free = texts.map((path): UniqueValue => {
    const max = schemaOf(path)?.['maxLength'];
    return { path, kind: 'string', ...(typeof max === 'number' && max <= 30 ? { length: max } : {}) };
  });
  // A patterned code (`OMV_0123456789`, a reference the API keeps unique) is varied within its pattern on each POST
  // too, where it has digits enough to vary: a fixed one made the run's second create a 409.
  const coded = Object.keys(body).flatMap((name): UniqueValue[] => {
    const schema = schemaOf(name);
    const value = body[name];
    if (name === key || typeof value !== 'string' || typeof schema?.['pattern'] !== 'string') return [];
    if ((value.match(/[0-9]/g) ?? []).length < MIN_UNIQUE_DIGITS || !fits(schema['pattern'], value)) return [];
    // A date is no code: varied within a date-like pattern it became `1171-11-18T24:21:57J83807Z`.
    if (isRealDate(value)) return [];
    const made = uniqueValueOf(name, schema);
    return made === undefined ? [] : [made];
  });
  return [...(unique ? [unique] : []), ...free, ...coded];
}

const fits = (pattern: string, value: string): boolean => {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
};

/** The fewest digits a patterned code has for it to be varied on each POST: 10^4 values. */
const MIN_UNIQUE_DIGITS = 4;

/** The shortest free text made fresh on each POST: its random part alone has 16^6 values. */
const MIN_UNIQUE_LENGTH = 6;

/** The members a schema requires (its own and its allOf parts'). */
function requiredOf(doc: Obj, raw: unknown): string[] {
  const schema = deref(doc, raw);
  if (!isObject(schema)) return [];
  const own = Array.isArray(schema['required']) ? schema['required'].map(String) : [];
  const parts = Array.isArray(schema['allOf']) ? schema['allOf'].flatMap((part) => requiredOf(doc, part)) : [];
  return [...own, ...parts];
}

/** One path of the document, as each branch of deriveProfile reads it. */
interface PathView {
  doc: Obj;
  paths: Obj;
  model: OpenApiModel;
  path: string;
  operations: Map<HttpMethod, Operation>;
  operation: (method: HttpMethod) => Obj | undefined;
  getOperation: Operation | undefined;
  getParameters: () => Obj[];
  declaredMethods: () => string[];
  responses: (op: Obj | undefined) => Obj;
  params: string[];
  /** The path without trailing slashes. */
  bare: string;
  /** The parameter the path ends in, if any. */
  last: string | undefined;
}

function pathView(
  doc: Obj,
  paths: Obj,
  model: OpenApiModel,
  path: string,
  pathItem: Located & { value: Json },
): PathView {
  const operations = new Map<HttpMethod, Operation>(model.operationsOf(path, pathItem).map((op) => [op.method, op]));
  const getOperation = operations.get('get');
  // An item path may end in `/` (`/employers/{id}/`, a framework's style) or an extension (`/Accounts/{Sid}.json`).
  const bare = withoutTrailingSlashes(path);
  return {
    doc,
    paths,
    model,
    path,
    operations,
    operation: (method) => operations.get(method)?.operation.value,
    getOperation,
    getParameters: () => (getOperation ? parametersOf(model, getOperation) : []),
    declaredMethods: () => PROFILE_METHODS.filter((method) => operations.has(method.toLowerCase() as HttpMethod)),
    responses: (op) => (op && isObject(op['responses']) ? op['responses'] : {}),
    params: [...path.matchAll(PARAMETERS)].map((m) => m[1] ?? ''),
    bare,
    last: LAST_SEGMENT_PARAMETER.exec(bare)?.[1] ?? LAST_SEGMENT_PARAMETER.exec(bare.replace(EXTENSION, ''))?.[1],
  };
}

export function deriveProfile(doc: Obj): Profile {
  const paths = doc['paths'] as Obj;
  const model = OpenApiModel.of(doc);
  const collections: CollectionProfile[] = [];
  const documents: DocumentProfile[] = [];
  const tasks: NonNullable<Profile['tasks']> = [];
  const controllers: NonNullable<Profile['controllers']> = [];
  const collectionPaths = new Set<string>();
  // Nested collections (path parameters before their end): the document's examples of each parameter.
  const nested = new Map<string, Map<string, string[]>>();

  const views = model.pathItems().map(({ path, item }) => pathView(doc, paths, model, path, item));
  const records = listedRecords(views);
  for (const view of views) {
    const { path, params, last, responses } = view;
    // Sails' shortcuts (`GET /station/create?name=...`, `GET /station/destroy/{id}`) write on a GET: never read.
    const get = namesWriteAction(path) ? undefined : view.operation('get');
    const post = view.operation('post');
    // A nested collection (`/Accounts/{AccountSid}/Calls.json`) is one whose path ends in no parameter.
    const collection =
      get !== undefined && last === undefined && !answersOneRecord(view, get, records)
        ? collectionOf(view, get, post)
        : undefined;
    if (collection) {
      collectionPaths.add(path);
      collections.push(collection);
      if (params.length > 0) nested.set(path, examplesOfParameters(doc, view.getParameters(), params));
      continue;
    }
    if (get && last !== undefined) {
      documents.push(documentOf(view, get, last));
      continue;
    }
    if (post && responses(post)['202'] !== undefined && params.length === 0) {
      tasks.push({ path, body: requestExample(doc, post) ?? {} });
      continue;
    }
    const controller = controllerOf(view, get, post);
    if (controller) controllers.push(controller);
  }
  linkDocuments(doc, paths, collections, documents, collectionPaths, nested);
  for (const task of tasks) if (taskHasOutput(doc, paths, task.path)) task.output = true;
  const languages = languagesOf(doc, model);
  return { ...(languages.length ? { languages } : {}), collections, documents, tasks, controllers };
}

// A last segment that finds records (Sails' `/station/find`) is a controller by the guide's naming, no collection;
// segments naming a write (`/station/create`) leave the path unread altogether (namesWriteAction).
const RECORD_ACTIONS = /^find([A-Z_-]|$)/;

/** The schemas the document's lists hold (a bare array's items, or a list member's such as `items`). */
function listedRecords(views: PathView[]): Set<string> {
  const listed = new Set<string>();
  for (const view of views) {
    const get = view.operation('get');
    if (get === undefined) continue;
    const list = declaredListOf(view.doc, jsonSchemaOf(view.doc, view.responses(get)['200']));
    if (list !== undefined && (list.under === '' || LIST_NAMES.includes(list.under)))
      listed.add(recordIdentity(view.doc, list.itemSchema) ?? '');
  }
  listed.delete('');
  return listed;
}

/** The schema's own text once its reference is followed; undefined for one without properties (says nothing). */
function recordIdentity(doc: Obj, schema: unknown): string | undefined {
  const s = deref(doc, schema);
  return isObject(s) && (Object.keys(propertiesOf(doc, s)).length > 0 || Array.isArray(s['allOf']))
    ? JSON.stringify(s)
    : undefined;
}

/**
 * Whether a GET without a path parameter at its end answers one record, not a list: its 200 is what another path
 * lists (Sails' `GET /station/create` answers one Station, whose `bikes` are no item list), or its last segment
 * names an action on records. Taking it for a collection sent it the run's made-up queries, and each created one.
 */
function answersOneRecord(view: PathView, get: Obj, records: Set<string>): boolean {
  const segment = view.bare.replace(EXTENSION, '').split('/').pop() ?? '';
  if (RECORD_ACTIONS.test(segment)) return true;
  const identity = recordIdentity(view.doc, jsonSchemaOf(view.doc, view.responses(get)['200']));
  return identity !== undefined && records.has(identity);
}

/** A path the API lists, whatever its shape: a declared list, an item child, or Link-header paging; else undefined. */
function collectionOf(view: PathView, get: Obj, post: Obj | undefined): CollectionProfile | undefined {
  const { doc, paths, path, operations, responses } = view;
  const list = declaredListOf(doc, jsonSchemaOf(doc, responses(get)['200']));
  const itemPath = itemPathOf(doc, paths, path);
  const linkHeader = declaresLinkHeader(doc, responses(get)['200']);
  const isTask = post !== undefined && responses(post)['202'] !== undefined;
  if (!(list !== undefined || linkHeader || (itemPath !== undefined && !isTask))) return undefined;
  const query = view.getParameters().filter((p) => p['in'] === 'query');
  const names = query.map((p) => String(p['name']));
  // A date or date-time parameter is a filter and a boolean a flag, whatever their names: never a cursor.
  const notCursors = query.filter((p) => !cursorCapable(doc, p)).map((p) => String(p['name']));
  const roles = withEchoedCursor(doc, pagingOf(names, linkHeader, notCursors), responses(get)['200'], query);
  const cursor = roles.paging?.kind === 'cursor' ? roles.paging.param : undefined;
  const required = requiredQueryOf(doc, query, cursor, roles.pageSizeParam ?? 'pageSize');
  const sortParam = query.find((p) => p['name'] === 'sort');
  const sortSchema = deref(doc, sortParam?.['schema']) as Obj | undefined;
  const sortEnum = (deref(doc, sortSchema?.['items']) as Obj | undefined)?.['enum'] ?? sortSchema?.['enum'];
  const itemProps = Object.keys(propertiesOf(doc, list?.itemSchema));
  // Items listed in a shape the document does not declare still have a key: a member the create requires that
  // the item path names (a client-chosen `enterpriseNumber`).
  const key =
    keyOf(itemProps, itemPath) ?? (post ? keyOf(requiredOf(doc, requestSchema(doc, post)), itemPath) : undefined);
  const made = post ? createBodyOf(doc, post, key) : {};
  const createExample = made.body;
  // What the checks create they must delete again: no create body when the item path has no DELETE.
  const removable = itemPath === undefined || isObject((deref(doc, paths[itemPath]) as Obj | undefined)?.['delete']);
  const create =
    post && isObject(createExample) && removable
      ? {
          body: createExample as JsonObject,
          unique: uniqueOfCreate(doc, post, key, createExample as JsonObject, made.fromSchema === true),
          ...(made.fromSchema ? { fromSchema: true } : {}),
          ...(made.optional ? { optional: made.optional } : {}),
          // A declared conflict (409 "end must follow start") refuses the run's made-up values, as a 400 does.
          ...(made.fromSchema && responses(post)['409'] !== undefined ? { refusals: [409] } : {}),
        }
      : undefined;
  const filters = query.filter(
    (p) =>
      !isReservedQuery(String(p['name']), { cursor: cursorCapable(doc, p) }) &&
      p['name'] !== cursor &&
      // A boolean named as a cursor (`cursor=true`) switches paging on or off: a flag, not a property.
      !(isBoolean(doc, p) && isReservedQuery(String(p['name']))),
  );
  const profile: CollectionProfile = {
    path,
    ...(key ? { key } : {}),
    ...(itemPath ? { itemPath } : {}),
    ...(roles.paging ? { paging: roles.paging } : {}),
    ...(roles.foreignPaging ? { foreignPaging: roles.foreignPaging } : {}),
    ...(foreignSortOf(names) !== undefined ? { foreignSort: foreignSortOf(names) } : {}),
    ...(roles.pageSizeParam ? { pageSizeParam: roles.pageSizeParam } : {}),
    // A page size the document does not declare is an unknown parameter, which a validating API refuses.
    ...(names.includes(roles.pageSizeParam ?? 'pageSize') ? {} : { unpaged: true }),
    ...(roles.pageParam ? { pageParam: roles.pageParam } : {}),
    ...(required ? { query: required } : {}),
    filters: freeFirst(doc, filters),
    ...filterSchemasOf(doc, filters),
    sorts: Array.isArray(sortEnum) ? [...new Set(sortEnum.map((v) => String(v).replace(/^-/, '')))] : [],
    ...(names.includes('embed') ? { embed: 'items' } : {}),
    ...(names.includes('q') ? { fullText: 'q' } : {}),
    ...(create ? { create } : {}),
    deleteCollection: operations.has('delete'),
    methods: view.declaredMethods(),
  };
  return profile;
}

/**
 * Cursor paging by a parameter the list's answer echoes in a page information object (eBox's events take
 * `lastSequenceNbr` and answer `pageInfo.lastSequenceNbr`), where the names alone told no paging but a page size.
 */
function withEchoedCursor(doc: Obj, roles: PagingRoles, response: unknown, query: Obj[]): PagingRoles {
  const size = roles.pageSizeParam ?? 'pageSize';
  if (roles.paging || roles.foreignPaging?.linkHeader || roles.foreignPaging?.params.some((p) => p !== size))
    return roles;
  const echoed = new Set(
    Object.values(propertiesOf(doc, jsonSchemaOf(doc, response))).flatMap((member) =>
      Object.keys(propertiesOf(doc, member)),
    ),
  );
  const param = query.find(
    (p) => echoed.has(String(p['name'])) && cursorCapable(doc, p) && !isReservedQuery(String(p['name'])),
  );
  if (!param) return roles;
  const { foreignPaging: _foreign, ...rest } = roles;
  return { ...rest, paging: { kind: 'cursor', param: String(param['name']) } };
}

/**
 * The query parameters a list requires, with the value the run sends on its first page: the example or default,
 * else a cursor's start (its minimum, or 0), a page size of at most 10, or a value of the parameter's schema.
 */
function requiredQueryOf(
  doc: Obj,
  query: Obj[],
  cursor: string | undefined,
  sizeParam: string,
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const p of query) {
    if (p['required'] !== true) continue;
    const name = String(p['name']);
    const schema = (deref(doc, p['schema']) as Obj | undefined) ?? {};
    const given = exampleOf(doc, p) ?? (schema['default'] as JsonValue | undefined);
    const number = schema['type'] === 'integer' || schema['type'] === 'number';
    const value =
      given !== undefined
        ? given
        : number && name === cursor
          ? typeof schema['minimum'] === 'number'
            ? schema['minimum']
            : 0
          : number && name === sizeParam
            ? Math.min(typeof schema['maximum'] === 'number' ? schema['maximum'] : 10, 10)
            : sampleOf(doc, schema);
    if (value !== undefined && value !== null && typeof value !== 'object') values[name] = String(value);
  }
  return Object.keys(values).length ? values : undefined;
}

/** A path ending in a parameter, with a GET: one document of a collection. */
function documentOf(view: PathView, get: Obj, last: string): DocumentProfile {
  const { doc, paths, path, operations, operation, bare, responses } = view;
  const param = view.getParameters().find((p) => p['in'] === 'path' && p['name'] === last);
  const example = param ? exampleOf(doc, param) : undefined;
  const schema = deref(doc, param?.['schema']) as Obj | undefined;
  const parentPath = bare.slice(0, bare.lastIndexOf('/'));
  const extension = EXTENSION.exec(bare)?.[0] ?? '';
  const parent = [parentPath, `${parentPath}/`, `${parentPath}${extension}`].find((p) => p in paths) ?? parentPath;
  const malformed = malformedIdsOf(schema);
  // Without PATCH, the change a PUT makes comes from PUT's body: the put checks need one (ts-rest's halls).
  const patchOperation = operation('patch') ?? operation('put');
  const patch = patchOperation ? patchBodyOf(doc, patchOperation, last) : undefined;
  const select = view.getParameters().some((p) => p['in'] === 'query' && p['name'] === 'select');
  const readOnly = [
    ...new Set([
      ...[get, operation('put'), operation('patch')].flatMap((op) => {
        if (!isObject(op)) return [];
        return readOnlyPaths(doc, op === get ? jsonSchemaOf(doc, responses(get)['200']) : requestSchema(doc, op));
      }),
    ]),
  ];
  // The members the update's body declares: a PUT's, else a PATCH's (a body of other members is refused back).
  const update = operation('put') ?? operation('patch');
  const writable = isObject(update) ? Object.keys(propertiesOf(doc, requestSchema(doc, update))) : [];
  // The parent collection lists ids that exist now; the example is only a fallback.
  return {
    path,
    ...(example !== undefined && example !== null ? { sampleIds: [String(example)] } : {}),
    sampleIdsFrom: { collection: parent },
    malformedIds: malformed,
    ...(operations.has('patch')
      ? { update: 'patch' as const }
      : operations.has('put')
        ? { update: 'put' as const }
        : {}),
    ...(isObject(patch) ? { patch: patch as JsonObject } : {}),
    etag: JSON.stringify(responses(get)['200'] ?? {}).includes('"ETag"'),
    select,
    methods: view.declaredMethods(),
    ...(readOnly.length ? { readOnly } : {}),
    ...(writable.length ? { writable } : {}),
  };
}

/** A controller (`/employers/search`, a verb without parameters) called by GET or POST; else undefined. */
function controllerOf(
  view: PathView,
  get: Obj | undefined,
  post: Obj | undefined,
): NonNullable<Profile['controllers']>[number] | undefined {
  const { doc, model, path, operations, getOperation, params, responses } = view;
  const segment = path.split('/').pop() ?? '';
  if (!(params.length === 0 && VERBS.test(segment) && (get || post))) return undefined;
  const op = (get ?? post) as Obj;
  const query: Record<string, string> = {};
  const controller = getOperation ?? operations.get('post');
  for (const p of (controller ? parametersOf(model, controller) : []).filter((p) => p['in'] === 'query')) {
    const value = exampleOf(doc, p);
    if (value !== undefined && value !== null && typeof value !== 'object') query[String(p['name'])] = String(value);
  }
  const success = Object.keys(responses(op)).find((code) => /^2\d\d$/.test(code));
  const body = post && !get ? requestExample(doc, post) : undefined;
  return {
    path,
    method: get ? 'GET' : 'POST',
    ...(Object.keys(query).length ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
    expectedStatus: success ? Number(success) : 200,
    methods: view.declaredMethods(),
  };
}

/** Nested collections' parameter sources, and where each document reads its sample ids. */
function linkDocuments(
  doc: Obj,
  paths: Obj,
  collections: CollectionProfile[],
  documents: DocumentProfile[],
  collectionPaths: Set<string>,
  nested: Map<string, Map<string, string[]>>,
): void {
  for (const collection of collections) {
    const examples = nested.get(collection.path);
    if (examples) collection.parameters = parameterSources(doc, paths, collection.path, collections, examples);
  }
  // A nested document (`/Accounts/{AccountSid}/Calls/{Sid}.json`) is read only through its nested collection.
  const kept = documents.filter(
    (d) =>
      [...d.path.matchAll(PARAMETERS)].length === 1 ||
      (d.sampleIdsFrom !== undefined && nested.has(d.sampleIdsFrom.collection)),
  );
  documents.splice(0, documents.length, ...kept);
  // Sample ids can only be read from a parent that is a collection; one that is lists them, not the example.
  for (const d of documents) {
    const from = d.sampleIdsFrom;
    if (!from || !collectionPaths.has(from.collection)) delete d.sampleIdsFrom;
    else {
      delete d.sampleIds;
      // The collection may come after its documents in `paths`: its key names the id property the item URLs hold.
      const parent = collections.find((c) => c.path === from.collection);
      if (parent?.key !== undefined && (parent.itemPath === d.path || itemParameter(d.path) === parent.key))
        from.property = parent.key;
    }
  }
}

/** What each query parameter declares of its value, for the values the run makes (none when nothing is declared). */
function filterSchemasOf(doc: Obj, query: Obj[]): { filterSchemas?: Record<string, FilterSchema> } {
  const schemas: Record<string, FilterSchema> = {};
  for (const parameter of query) {
    const declared = parameterSchema(doc, parameter);
    // A repeatable filter (`name=a&name=b`) takes values of its items' schema.
    const outer = deref(doc, parameter['schema']);
    const raw = declared.type === 'array' && isObject(outer) ? deref(doc, outer['items']) : outer;
    if (!isObject(raw)) continue;
    const { type, format } = declared.type === 'array' ? parameterSchema(doc, { schema: raw }) : declared;
    const schema: FilterSchema = {
      ...(typeof type === 'string' ? { type } : {}),
      ...(typeof format === 'string' ? { format } : {}),
      ...(typeof raw['maxLength'] === 'number' ? { maxLength: raw['maxLength'] } : {}),
      ...(typeof raw['pattern'] === 'string' ? { pattern: raw['pattern'] } : {}),
      ...(Array.isArray(raw['enum']) ? { enum: true } : {}),
      ...(declared.type === 'array' ? { multiple: true } : {}),
    };
    if (Object.keys(schema).length > 0) schemas[String(parameter['name'])] = schema;
  }
  return Object.keys(schemas).length > 0 ? { filterSchemas: schemas } : {};
}

/** A parameter's schema, `type` read from a 3.1 type list too (its first type but null). */
function parameterSchema(doc: Obj, parameter: Obj): { type?: unknown; format?: unknown } {
  const schema = deref(doc, parameter['schema']);
  if (!isObject(schema)) return {};
  const type = Array.isArray(schema['type']) ? schema['type'].find((t) => t !== 'null') : schema['type'];
  return { type, format: schema['format'] };
}

const isBoolean = (doc: Obj, parameter: Obj): boolean => parameterSchema(doc, parameter).type === 'boolean';

/** Whether a query parameter can hold a paging cursor: not a date, a date-time, a boolean or a number. */
function cursorCapable(doc: Obj, parameter: Obj): boolean {
  const { type, format } = parameterSchema(doc, parameter);
  if (type === 'boolean' || type === 'number') return false;
  return format !== 'date' && format !== 'date-time';
}

/**
 * Filter names, those that take any text first (a string without enum, format or pattern): a check that sends a
 * value no data holds is then not refused for the value's syntax (`AreaCode` is an integer, `DateCreated` a date).
 */
function freeFirst(doc: Obj, filters: Obj[]): string[] {
  const free = (p: Obj): boolean => {
    const schema = deref(doc, p['schema']);
    return (
      isObject(schema) &&
      schema['type'] === 'string' &&
      schema['enum'] === undefined &&
      schema['format'] === undefined &&
      schema['pattern'] === undefined
    );
  };
  return [...filters.filter(free), ...filters.filter((p) => !free(p))].map((p) => String(p['name']));
}

/** Dotted paths of the `readOnly: true` members of a schema, through $refs, allOf and arrays (bounded depth). */
function readOnlyPaths(doc: Obj, schema: unknown, prefix = '', depth = 0): string[] {
  const s = deref(doc, schema);
  if (!isObject(s) || depth > 6) return [];
  if (s['type'] === 'array') return readOnlyPaths(doc, s['items'], prefix, depth + 1);
  return Object.entries(propertiesOf(doc, s)).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const resolved = deref(doc, property);
    if (isObject(resolved) && resolved['readOnly'] === true) return [path];
    return readOnlyPaths(doc, resolved, `${path}.`, depth + 1);
  });
}

/** A task has an output when the GET of the task (`{path}/{id}`) documents a 303 (the redirect to it). */
function taskHasOutput(doc: Obj, paths: Obj, taskPath: string): boolean {
  return Object.keys(paths).some((path) => {
    if (!/^\{[^{}/]+\}$/.test(path.startsWith(`${taskPath}/`) ? path.slice(taskPath.length + 1) : '')) return false;
    const get = (deref(doc, paths[path]) as Obj | undefined)?.['get'];
    return isObject(get) && isObject(get['responses']) && get['responses']['303'] !== undefined;
  });
}

/**
 * Languages a document says the API answers in: the enums of its Content-Language response headers. A `lang` or
 * Accept-Language parameter's enum is what clients may ask, not evidence of translated content.
 */
function languagesOf(doc: Obj, model: OpenApiModel): string[] {
  const found = new Set<string>();
  const take = (schema: unknown) => {
    const values = (deref(doc, schema) as Obj | undefined)?.['enum'];
    if (Array.isArray(values))
      for (const v of values)
        if (typeof v === 'string' && /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i.test(v)) found.add(v.toLowerCase());
  };
  for (const { operation } of model.operations()) {
    for (const { node: response } of model.responses(operation)) {
      const headers = (response.value as Obj | undefined)?.['headers'];
      for (const [name, header] of Object.entries(isObject(headers) ? headers : {})) {
        if (name.toLowerCase() === 'content-language') take((deref(doc, header) as Obj | undefined)?.['schema']);
      }
    }
  }
  return [...found];
}

/**
 * The document path under a collection that has a GET: `/employers/{employerId}` under `/employers`, or with the
 * collection's extension, `/Accounts/{Sid}.json` under `/Accounts.json`.
 */
function itemPathOf(doc: Obj, paths: Obj, collection: string): string | undefined {
  const base = withoutTrailingSlashes(collection);
  const extension = EXTENSION.exec(base)?.[0];
  const stem = extension === undefined ? base : base.slice(0, -extension.length);
  const isChild = (path: string): boolean => {
    if (path.startsWith(`${base}/`)) return /^\{[^{}/]+\}\/?$/.test(path.slice(base.length + 1));
    return extension !== undefined && path === `${stem}/{${itemParameter(path) ?? ''}}${extension}`;
  };
  return Object.keys(paths).find(
    (path) => isChild(path) && isObject((deref(doc, paths[path]) as Obj | undefined)?.['get']),
  );
}

/** A declared list response: where it holds its items (`items`, `results`..., '' for a bare array) and the item schema. */
function declaredListOf(doc: Obj, schema: unknown): { under: string; itemSchema: unknown } | undefined {
  const s = deref(doc, schema);
  if (!isObject(s)) return undefined;
  const arrayOfObjects = (value: unknown): { itemSchema: unknown } | undefined => {
    const array = deref(doc, value);
    if (!isObject(array) || (array['type'] !== 'array' && array['items'] === undefined)) return undefined;
    const element = deref(doc, array['items']);
    const isObjectSchema =
      isObject(element) &&
      (element['type'] === 'object' || isObject(element['properties']) || Array.isArray(element['allOf']));
    return isObjectSchema ? { itemSchema: array['items'] } : undefined;
  };
  if (s['type'] === 'array') {
    const bare = arrayOfObjects(s);
    return bare ? { under: '', ...bare } : undefined;
  }
  const properties = propertiesOf(doc, s);
  // The guide's `items` is a list whatever it holds (collection.items-array judges its elements).
  if (properties['items'] !== undefined)
    return { under: 'items', itemSchema: (deref(doc, properties['items']) as Obj | undefined)?.['items'] };
  const names = [
    ...LIST_NAMES.filter((name) => name in properties),
    ...Object.keys(properties).filter((name) => !LIST_NAMES.includes(name)),
  ];
  for (const name of names) {
    const found = arrayOfObjects(properties[name]);
    if (found) return { under: name, ...found };
  }
  return undefined;
}

/** Whether a response declares a `Link` header (RFC 8288 paging, as GitHub's API pages). */
function declaresLinkHeader(doc: Obj, response: unknown): boolean {
  const headers = (deref(doc, response) as Obj | undefined)?.['headers'];
  return isObject(headers) && Object.keys(headers).some((name) => name.toLowerCase() === 'link');
}

/**
 * The business key: the item path's parameter when the items carry that property (its values are what the item
 * URLs hold), matched without case; never a guess from property order. Undefined without an item path to tell.
 */
function keyOf(itemProps: string[], itemPath: string | undefined): string | undefined {
  const param = itemPath === undefined ? undefined : itemParameter(itemPath);
  if (param === undefined) return undefined;
  // `Sid` names `sid`, `CountryCode` names `country_code`: compared without case, `_` or `-`.
  const loose = (name: string): string => name.replace(/[-_]/g, '').toLowerCase();
  const named = itemProps.includes(param) ? param : itemProps.find((name) => loose(name) === loose(param));
  // `/publicationTypes/{publicationTypeId}` over items carrying `id`: the parameter names the thing's id.
  return named ?? (/id$/i.test(param) && itemProps.includes('id') ? 'id' : undefined);
}

/** String values of a parameter's or schema's examples (`example`, `examples`, its schema's), at most a few. */
function parameterExamples(doc: Obj, parameter: Obj): string[] {
  const values: unknown[] = [parameter['example']];
  const examples = parameter['examples'];
  if (isObject(examples)) for (const one of Object.values(examples)) values.push((deref(doc, one) as Obj)?.['value']);
  if (Array.isArray(examples)) values.push(...examples);
  const schema = deref(doc, parameter['schema']);
  if (isObject(schema)) {
    values.push(schema['example']);
    if (Array.isArray(schema['examples'])) values.push(...schema['examples']);
  }
  const strings = values
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) => String(value))
    .filter((value) => value !== '');
  return [...new Set(strings)].slice(0, EXAMPLES_KEPT);
}

const EXAMPLES_KEPT = 3;

/** The examples the document gives of each path parameter of a nested collection's GET. */
function examplesOfParameters(doc: Obj, parameters: Obj[], params: string[]): Map<string, string[]> {
  const declared = parameters.filter((p) => p['in'] === 'path');
  return new Map(
    params.map((name) => {
      const parameter = declared.find((p) => p['name'] === name);
      return [name, parameter ? parameterExamples(doc, parameter) : []];
    }),
  );
}

/** The values of `key` in the documented examples of a GET's 200 answer: a list's items, or the item itself. */
function documentedKeyValues(doc: Obj, pathItem: unknown, key: string): string[] {
  const get = (deref(doc, pathItem) as Obj | undefined)?.['get'];
  const ok = isObject(get) && isObject(get['responses']) ? deref(doc, get['responses']['200']) : undefined;
  const content = isObject(ok) && isObject(ok['content']) ? ok['content'] : {};
  const values: string[] = [];
  for (const media of Object.values(content)) {
    const holder = deref(doc, media);
    if (!isObject(holder)) continue;
    const examples = [
      holder['example'],
      ...(isObject(holder['examples'])
        ? Object.values(holder['examples']).map((e) => (deref(doc, e) as Obj)?.['value'])
        : []),
    ];
    for (const example of examples) {
      const items = listingOf(example)?.items ?? [example];
      for (const one of items) {
        const value = isObject(one) ? one[key] : undefined;
        if (typeof value === 'string' || typeof value === 'number') values.push(String(value));
      }
    }
  }
  return [...new Set(values)].slice(0, EXAMPLES_KEPT);
}

/**
 * Where each path parameter of a nested collection gets its values: the collection listing the parent items
 * (the path before the parameter, with or without an extension), its key and item path; and the document's
 * examples, of the parameter itself first, then of the parent's key in the parent's documented answers.
 */
function parameterSources(
  doc: Obj,
  paths: Obj,
  path: string,
  collections: CollectionProfile[],
  examples: Map<string, string[]>,
): Record<string, ParameterSource> {
  const sources: Record<string, ParameterSource> = {};
  for (const [name, own] of examples) {
    const prefix = path.slice(0, path.indexOf(`/{${name}}`));
    const parent = collections.find((c) => {
      const base = withoutTrailingSlashes(c.path);
      return base === prefix || base.replace(EXTENSION, '') === prefix;
    });
    const documented =
      parent?.key === undefined
        ? []
        : [
            ...documentedKeyValues(doc, paths[parent.path], parent.key),
            ...(parent.itemPath ? documentedKeyValues(doc, paths[parent.itemPath], parent.key) : []),
          ];
    const values = [...new Set([...own, ...documented])].slice(0, EXAMPLES_KEPT);
    sources[name] = {
      ...(parent ? { collection: parent.path } : {}),
      ...(parent?.key !== undefined ? { property: parent.key } : {}),
      ...(parent?.itemPath !== undefined ? { itemPath: parent.itemPath } : {}),
      ...(values.length ? { examples: values } : {}),
    };
  }
  return sources;
}
