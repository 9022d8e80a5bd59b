// Resource-level rules: body media types and shapes, collections, patch, long-running tasks,
// security requirements, the health resource.
import { declaredProperties, effectiveType } from '../support/inventory.js';
import { asArray, bareMediaType, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { aspectRuleFunction, finding, type Finding } from './define.js';
import { collectionGets } from './collections.js';

/** application/json and its +json structured-suffix types (problem+json, merge-patch+json). */
export const isJsonFamily = (bare: string): boolean =>
  bare === 'application/json' || /^application\/[\w.-]+\+json$/.test(bare);

export const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');
export const isParamSegment = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

/** The first JSON (application/json or +json) body of a response. */
export function jsonSchemaOf(response: Json): { schema: unknown; mediaType: string } | undefined {
  for (const [mediaType, media] of entries(response.content)) {
    if (isJsonFamily(bareMediaType(mediaType)) && isObject(media)) return { schema: media.schema, mediaType };
  }
  return undefined;
}

/** Every declaration of property `name`, the schema's own and its allOf members' (they all apply). */
export function propertyDeclarations(schema: Json, name: string, depth = 0): Json[] {
  const own = isObject(schema.properties) && isObject(schema.properties[name]) ? [schema.properties[name]] : [];
  if (depth > 32) return own;
  return [
    ...own,
    ...asArray(schema.allOf).flatMap((m) => (isObject(m) ? propertyDeclarations(m, name, depth + 1) : [])),
  ];
}

/** Every declaration of property `name` with where it sits, the schema's own and its allOf members'. */
function propertyDeclarationsAt(
  schema: Json,
  name: string,
  at: JsonPath,
  depth = 0,
): Array<{ schema: Json; at: JsonPath }> {
  const own =
    isObject(schema.properties) && isObject(schema.properties[name])
      ? [{ schema: schema.properties[name], at: [...at, 'properties', name] }]
      : [];
  if (depth > 32) return own;
  return [
    ...own,
    ...asArray(schema.allOf).flatMap((m, i) =>
      isObject(m) ? propertyDeclarationsAt(m, name, [...at, 'allOf', i], depth + 1) : [],
    ),
  ];
}

/** An `items` array of objects: one allOf member may say array, a sibling what its items are. */
export const itemsAreObjects = (schema: Json): boolean => {
  const items = propertyDeclarations(schema, 'items');
  if (!items.some((d) => effectiveType(d) === 'array')) return false;
  return items.some(
    (d) => isObject(d.items) && (typeof d.items.$ref === 'string' || effectiveType(d.items) === 'object'),
  );
};

/** The schema of one item of the `items` array, with where it sits; undefined when no declaration says. */
function itemSchema(schema: Json, at: JsonPath): { schema: Json; at: JsonPath } | undefined {
  const found = propertyDeclarationsAt(schema, 'items', at).find((d) => isObject(d.schema.items));
  return found ? { schema: found.schema.items as Json, at: [...found.at, 'items'] } : undefined;
}

/** Whether the schema has an unresolved (circular) $ref where its properties come from: not ours to judge. */
const opaque = (schema: Json, depth = 0): boolean =>
  typeof schema.$ref === 'string' ||
  (depth < 32 && asArray(schema.allOf).some((m) => !isObject(m) || opaque(m, depth + 1)));

/**
 * Whether an item declares `href`: itself or through allOf, or in every oneOf/anyOf member. Undefined when
 * the schema declares no property at all (a free-form object says nothing of its members).
 */
function declaresHref(item: Json): boolean | undefined {
  const declared = declaredProperties(item);
  if (declared.has('href')) return true;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const members = asArray(item[keyword]).filter(isObject);
    if (members.length > 0 && members.every((m) => declaredProperties(m).has('href'))) return true;
  }
  return declared.size > 0 ? false : undefined;
}

const HREF_MUST =
  'each item must have an "href" property with a link to the resource ("In these objects, a href property MUST be present")';

/**
 * col-repres (aspect items): GET on a collection returns an object with an `items` array of objects, as
 * belgif's validator checks; col-repres-href (aspect href): each of those items declares an `href`. Items that
 * link to themselves by `self` are told so: `self` is a resource's link in its own representation.
 */
type CollectionAspect = 'items' | 'href';
/** Both aspects' findings of a document, computed in one pass over its operations (the two rules share it). */
function findCollections(root: Json): Record<CollectionAspect, Finding[]> {
  const out: Record<CollectionAspect, Finding[]> = { items: [], href: [] };
  for (const { op, schema, at: schemaAt, by, list } of collectionGets(root)) {
    if (!itemsAreObjects(schema)) {
      out.items.push(
        finding(
          by === 'path'
            ? `The collection ${op.path} should be represented by an object with an "items" array of objects`
            : `GET ${op.path} answers a list (${list === undefined ? 'a JSON array' : `"${list}"`}): a collection should be represented by an object with an "items" array of objects`,
          schemaAt,
        ),
      );
      continue;
    }
    const item = itemSchema(schema, schemaAt);
    if (!item || opaque(item.schema) || declaresHref(item.schema) !== false) continue;
    const selfOnly = declaredProperties(item.schema).has('self');
    out.href.push(
      finding(
        selfOnly
          ? `Items of the collection ${op.path} link to themselves with "self" instead of "href": ${HREF_MUST}; "self" is the link a resource gives in its own representation`
          : `Items of the collection ${op.path} have no "href": ${HREF_MUST}`,
        item.at,
      ),
    );
  }
  return out;
}

export const collectionRepresentation = aspectRuleFunction<CollectionAspect>(['items', 'href'], findCollections);
