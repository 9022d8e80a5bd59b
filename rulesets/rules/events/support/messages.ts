// The events chapter (async-*): documents describing CloudEvents messages as belgif's
// openapi-cloudevents does. A message schema is one declaring `specversion` (itself or through
// allOf, e.g. by extending AsynchronousMessageBase); documents without one get no findings.
// What the async-* rules share: which schemas are messages, their attributes and values.
import { declaredProperties, effectiveType, inventory, type SchemaVisit } from '../../../support/inventory.js';
import { asArray, entries, isObject, type Json, type JsonPath } from '../../../support/json.js';
import { enumerated } from '../../../support/schema-forms.js';

export const BASE = 'AsynchronousMessageBase';
export const PAYLOAD = new Set(['data', 'data_base64']);
export const REQUIRED_CONTEXT = ['specversion', 'id', 'type', 'source', 'service'];
export const REPLY_CONTEXT = ['relatedto', 'relatedtosource'];
/** CloudEvents attribute names: lower-case letters and digits, at most 20 characters. */
export const ATTRIBUTE_NAME = /^[a-z0-9]{1,20}$/;
/** service: <reverse-DNS prefix>.<serviceName>.v<major>. */
export const SERVICE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-zA-Z0-9]*\.v\d+$/;
export const SERVICE_PREFIX_SEGMENT = /^[a-z0-9-]+$/;
export const LOWER_CAMEL_SEGMENT = /^[a-z][a-zA-Z0-9]*$/;
export const MAJOR_VERSION_SEGMENT = /^v\d+$/;

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
export function isMessage(schema: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > 16) return false;
  if (declaredProperties(schema).has('specversion')) return true;
  const alternatives = [...asArray(schema.oneOf), ...asArray(schema.anyOf)];
  return alternatives.length > 0 && alternatives.every((m) => isMessage(m, depth + 1));
}

/** The document's own component schemas that are messages (the base's own file included). */
export const messageComponents = (root: Json): SchemaVisit[] =>
  inventory(root).schemas.filter(
    (v) => v.componentName !== undefined && declaredProperties(v.schema).has('specversion'),
  );

/** Properties a message schema writes itself: its own and those of its inline allOf members. */
export function ownAttributes(visit: SchemaVisit): Array<{ name: string; schema: unknown; at: JsonPath }> {
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

interface ValueAt {
  value: unknown;
  at: JsonPath;
}

/** The service and type values a message component writes: examples, const/enum/example of its attributes. */
export function contextValues(visit: SchemaVisit): {
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
export function typeMappings(root: Json): Array<{ key: string; target: string; at: JsonPath }> {
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

export const schemaName = (target: string): string => target.replace(/^\.\//, '');

export const CLOUDEVENT = 'application/cloudevents+json';
export const CLOUDEVENT_BATCH = 'application/cloudevents-batch+json';

/** The properties of an object body holding messages (a message, or an array of them). */
export function holdsMessages(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  return isMessage(schema) || (effectiveType(schema) === 'array' && isMessage(schema.items));
}
