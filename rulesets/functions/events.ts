// The events chapter (async-*): documents describing CloudEvents messages as belgif's
// openapi-cloudevents does. A message schema is one declaring `specversion` (itself or through
// allOf, e.g. by extending AsynchronousMessageBase); documents without one get no findings.
import {
  allMediaTypes,
  declaredProperties,
  effectiveType,
  inventory,
  requiredNames,
  type SchemaVisit,
} from '../support/inventory.js';
import { asArray, bareMediaType, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { enumerated } from '../support/schema-forms.js';
import { inheritsFrom } from './schema-properties.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from './define.js';

const BASE = 'AsynchronousMessageBase';
const PAYLOAD = new Set(['data', 'data_base64']);
const REQUIRED_CONTEXT = ['specversion', 'id', 'type', 'source', 'service'];
const REPLY_CONTEXT = ['relatedto', 'relatedtosource'];
/** CloudEvents attribute names: lower-case letters and digits, at most 20 characters. */
const ATTRIBUTE_NAME = /^[a-z0-9]{1,20}$/;
/** service: <reverse-DNS prefix>.<serviceName>.v<major>. */
const SERVICE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-zA-Z0-9]*\.v\d+$/;
const SERVICE_PREFIX_SEGMENT = /^[a-z0-9-]+$/;
const LOWER_CAMEL_SEGMENT = /^[a-z][a-zA-Z0-9]*$/;
const MAJOR_VERSION_SEGMENT = /^v\d+$/;

/**
 * type: <service>.<resourceType>[.<childResourceType>].<method>[.<suffix>], lowerCamelCase segments.
 * What `^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-zA-Z0-9]*\.v\d+(?:\.[a-z][a-zA-Z0-9]*){2,}$` matches,
 * read segment by segment: that expression tries each `.v<n>.` as the end of the service, every time
 * from the start, quadratic in a long value (a lint that looks hung). Some segment k is the
 * major version, with the service's prefix segments and its lowerCamelCase name before it, and at
 * least two lowerCamelCase segments after it.
 */
export function isMessageType(value: string): boolean {
  const segments = value.split('.');
  const count = segments.length;
  let prefixEnd = 0; // segments[0, prefixEnd) may all be prefix segments
  while (prefixEnd < count && SERVICE_PREFIX_SEGMENT.test(segments[prefixEnd] as string)) prefixEnd++;
  let camelStart = count; // segments[camelStart, count) are all lowerCamelCase
  while (camelStart > 0 && LOWER_CAMEL_SEGMENT.test(segments[camelStart - 1] as string)) camelStart--;
  for (let k = 2; k <= count - 3 && k - 1 <= prefixEnd; k++) {
    if (
      camelStart <= k + 1 &&
      MAJOR_VERSION_SEGMENT.test(segments[k] as string) &&
      LOWER_CAMEL_SEGMENT.test(segments[k - 1] as string)
    )
      return true;
  }
  return false;
}

/** Whether a schema describes an Asynchronous Message: declares specversion, or all its alternatives do. */
function isMessage(schema: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > 16) return false;
  if (declaredProperties(schema).has('specversion')) return true;
  const alternatives = [...asArray(schema.oneOf), ...asArray(schema.anyOf)];
  return alternatives.length > 0 && alternatives.every((m) => isMessage(m, depth + 1));
}

/** The document's own component schemas that are messages (the base's own file included). */
const messageComponents = (root: Json): SchemaVisit[] =>
  inventory(root).schemas.filter(
    (v) => v.componentName !== undefined && declaredProperties(v.schema).has('specversion'),
  );

/** Properties a message schema writes itself: its own and those of its inline allOf members. */
function ownAttributes(visit: SchemaVisit): Array<{ name: string; schema: unknown; at: JsonPath }> {
  const out: Array<{ name: string; schema: unknown; at: JsonPath }> = [];
  for (const [name, schema] of entries(visit.schema.properties))
    out.push({ name, schema, at: [...visit.at, 'properties', name] });
  asArray(visit.schema.allOf).forEach((member, i) => {
    // A member reached through $ref is another component: judged there.
    if (isObject(member) && !declaredProperties(member).has('specversion')) {
      for (const [name, schema] of entries(member.properties))
        out.push({ name, schema, at: [...visit.at, 'allOf', i, 'properties', name] });
    }
  });
  return out;
}

/** async-cespec: a CloudEvents message schema extends AsynchronousMessageBase; data and data_base64 exclude each other. */
export const messagesExtendBase = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    if (visit.componentName === undefined || visit.componentName === BASE) continue;
    const properties = declaredProperties(visit.schema);
    const cloudEvent =
      properties.has('specversion') ||
      (['id', 'type', 'source'].every((n) => properties.has(n)) &&
        (properties.has('data') || properties.has('data_base64')));
    if (!cloudEvent) continue;
    if (!inheritsFrom(visit.schema, visit.at, BASE, context)) {
      out.push(
        finding(
          `"${visit.componentName}" looks like a CloudEvents message: extend belgif's ${BASE} (allOf) to make it an Asynchronous Message`,
          visit.at,
        ),
      );
    }
    const required = requiredNames(visit.schema);
    if (required.has('data') && required.has('data_base64')) {
      out.push(finding('data and data_base64 are mutually exclusive: do not require both', visit.at));
    }
  }
  return out;
});

/** async-ctxt: context attributes follow CloudEvents naming and type rules; the required ones are required. */
export const contextAttributes = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const visit of messageComponents(root)) {
    for (const { name, schema, at } of ownAttributes(visit)) {
      if (PAYLOAD.has(name)) continue;
      if (!ATTRIBUTE_NAME.test(name))
        out.push(
          finding(
            `Context attribute "${name}" should be lower-case letters and digits only (at most 20): CloudEvents naming`,
            at,
          ),
        );
      const type = isObject(schema) ? effectiveType(schema) : undefined;
      if (type === 'object' || type === 'array')
        out.push(
          finding(
            `Context attribute "${name}" is ${type === 'object' ? 'an object' : 'an array'}: CloudEvents attributes are scalars, put structured data in data`,
            at,
          ),
        );
    }
    const required = requiredNames(visit.schema);
    const wanted = /Reply/.test(visit.componentName ?? '') ? [...REQUIRED_CONTEXT, ...REPLY_CONTEXT] : REQUIRED_CONTEXT;
    const missing = wanted.filter((n) => !required.has(n));
    if (missing.length > 0)
      out.push(
        finding(`Message "${visit.componentName}" must require the context attributes ${missing.join(', ')}`, visit.at),
      );
  }
  return out;
});

interface ValueAt {
  value: unknown;
  at: JsonPath;
}

/** The service and type values a message component writes: examples, const/enum/example of its attributes. */
function contextValues(visit: SchemaVisit): {
  services: ValueAt[];
  types: ValueAt[];
  pairs: Array<{ service: unknown; type: ValueAt }>;
} {
  const services: ValueAt[] = [];
  const types: ValueAt[] = [];
  const pairs: Array<{ service: unknown; type: ValueAt }> = [];
  const instances: ValueAt[] = [];
  if ('example' in visit.schema) instances.push({ value: visit.schema.example, at: [...visit.at, 'example'] });
  asArray(visit.schema.examples).forEach((value, i) => instances.push({ value, at: [...visit.at, 'examples', i] }));
  for (const { value, at } of instances) {
    if (!isObject(value)) continue;
    if ('service' in value) services.push({ value: value.service, at: [...at, 'service'] });
    if ('type' in value) {
      types.push({ value: value.type, at: [...at, 'type'] });
      if (typeof value.service === 'string')
        pairs.push({ service: value.service, type: { value: value.type, at: [...at, 'type'] } });
    }
  }
  for (const { name, schema, at } of ownAttributes(visit)) {
    if ((name !== 'service' && name !== 'type') || !isObject(schema)) continue;
    const list = name === 'service' ? services : types;
    const values = enumerated(schema);
    if (values)
      values.values.forEach((value, i) =>
        list.push({ value, at: values.keyword === 'const' ? [...at, 'const'] : [...at, 'enum', i] }),
      );
    if ('example' in schema) list.push({ value: schema.example, at: [...at, 'example'] });
  }
  return { services, types, pairs };
}

/** The discriminators over messages keyed by `type`: their mapping keys are message types. */
function typeMappings(root: Json): Array<{ key: string; target: string; at: JsonPath }> {
  const out: Array<{ key: string; target: string; at: JsonPath }> = [];
  for (const { schema, at } of inventory(root).schemas) {
    const discriminator = schema.discriminator;
    if (
      !isObject(discriminator) ||
      discriminator.propertyName !== 'type' ||
      !isObject(discriminator.mapping) ||
      !isMessage(schema)
    )
      continue;
    for (const [key, target] of Object.entries(discriminator.mapping)) {
      if (typeof target === 'string') out.push({ key, target, at: [...at, 'discriminator', 'mapping', key] });
    }
  }
  return out;
}

/** async-svctype: service is <reverse-DNS>.<serviceName>.v<major>; type is <service>.<resourceType>[.<child>].<method>[.<suffix>]. */
export const serviceAndTypeValues = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const checkType = (value: unknown, at: JsonPath) => {
    if (typeof value === 'string' && !isMessageType(value)) {
      out.push(
        finding(
          `Message type "${value}" should be <reverse-DNS>.<serviceName>.v<major>.<resourceType>[.<childResourceType>].<method>[.<suffix>]`,
          at,
        ),
      );
    }
  };
  for (const visit of messageComponents(root)) {
    const { services, types, pairs } = contextValues(visit);
    for (const { value, at } of services) {
      if (typeof value === 'string' && !SERVICE.test(value))
        out.push(finding(`Service "${value}" should be <reverse-DNS>.<serviceName>.v<major>`, at));
    }
    for (const { value, at } of types) checkType(value, at);
    for (const { service, type } of pairs) {
      if (
        typeof type.value === 'string' &&
        isMessageType(type.value) &&
        typeof service === 'string' &&
        SERVICE.test(service) &&
        !type.value.startsWith(`${service}.`)
      ) {
        out.push(finding(`Message type "${type.value}" should start with its service "${service}"`, type.at));
      }
    }
  }
  for (const { key, at } of typeMappings(root)) checkType(key, at);
  return out;
});

const schemaName = (target: string): string => target.replace(/^\.\//, '');

/** async-contract: one schema per message type: a type value is not given to two different schemas. */
export const oneSchemaPerType = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const owner = new Map<string, string>();
  const claim = (type: string, target: string, at: JsonPath) => {
    const first = owner.get(type);
    if (first === undefined) owner.set(type, target);
    else if (first !== target)
      out.push(
        finding(
          `Message type "${type}" is described by two schemas (${first} and ${target}): give each type one schema`,
          at,
        ),
      );
  };
  for (const visit of messageComponents(root)) {
    const typeSchema = ownAttributes(visit).find((a) => a.name === 'type')?.schema;
    const values = isObject(typeSchema) ? enumerated(typeSchema) : undefined;
    const target = `#/components/schemas/${visit.componentName ?? ''}`;
    if (values) values.values.forEach((v) => typeof v === 'string' && claim(v, target, visit.at));
  }
  for (const { key, target, at } of typeMappings(root)) claim(key, schemaName(target), at);
  return out;
});

const CLOUDEVENT = 'application/cloudevents+json';
const CLOUDEVENT_BATCH = 'application/cloudevents-batch+json';

/** The properties of an object body holding messages (a message, or an array of them). */
function holdsMessages(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  return isMessage(schema) || (effectiveType(schema) === 'array' && isMessage(schema.items));
}

/**
 * async-generic: bodies of CloudEvents media types are messages (a batch: an array of them); a body
 * carrying messages requires nothing besides them (no functional data outside the message).
 */
export const genericMessageBodies = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { mediaType, media, at } of allMediaTypes(root)) {
    const bare = bareMediaType(mediaType);
    const schema = media.schema;
    // At the media type, not its schema: a $ref'd schema would move the finding to the component.
    if (!isObject(schema) || typeof schema.$ref === 'string') continue;
    if (bare === CLOUDEVENT && !isMessage(schema)) {
      out.push(
        finding(
          `A ${CLOUDEVENT} body should be an Asynchronous Message (AsynchronousMessage, or a schema extending ${BASE})`,
          at,
        ),
      );
    } else if (bare === CLOUDEVENT_BATCH && !(effectiveType(schema) === 'array' && isMessage(schema.items))) {
      out.push(finding(`A ${CLOUDEVENT_BATCH} body should be an array of Asynchronous Messages`, at));
    }
  }
  for (const visit of inventory(root).schemas) {
    if (isMessage(visit.schema) || effectiveType(visit.schema) !== 'object') continue;
    const properties = declaredProperties(visit.schema);
    const carriers = [...properties].filter(([, s]) => holdsMessages(s)).map(([n]) => n);
    if (carriers.length === 0) continue;
    const extra = [...requiredNames(visit.schema)].filter((n) => !carriers.includes(n) && properties.has(n));
    if (extra.length > 0)
      out.push(
        finding(
          `Data outside the asynchronous messages must not be required for their processing: ${extra.join(', ')}`,
          [...visit.at, 'required'],
        ),
      );
  }
  return out;
});
