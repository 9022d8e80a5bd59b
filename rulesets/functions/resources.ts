// Resource-level rules: body media types and shapes, collections, patch, long-running tasks,
// security requirements, the health resource.
import { allMediaTypes, declaredProperties, effectiveType, operationsOf, responsesOf } from '../support/inventory.js';
import { asArray, bareMediaType, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { enumerated, singleType } from '../support/schema-forms.js';
import { defineRuleFunction, finding, isReusableDefinitionsOnly, NO_OPTIONS, type Finding } from './define.js';
import { withoutExtension } from './paths.js';
import { collectionGets } from './collections.js';

const isBinary = (schema: Json): boolean =>
  singleType(schema) === 'string' &&
  (schema.format === 'binary' ||
    schema.format === 'byte' ||
    schema.format === 'base64' ||
    typeof schema.contentEncoding === 'string' ||
    typeof schema.contentMediaType === 'string');

const COMPOSITIONS = ['oneOf', 'anyOf', 'allOf'] as const;

/**
 * True when every value the schema allows is an object: type object, or a oneOf/anyOf whose members all
 * are, or an allOf with one that is. A schema that states no type at all (`{}`, a description only)
 * does not describe the body's structure: it is not judged a non-object.
 */
function describesObject(schema: Json, depth = 0): boolean {
  if (typeof schema.$ref === 'string' || depth > 32) return true; // an unresolved (circular) $ref: not ours to judge
  const type = effectiveType({
    type: schema.type,
    properties: schema.properties,
    additionalProperties: schema.additionalProperties,
    items: schema.items,
  });
  if (type !== undefined) return type === 'object';
  const values = enumerated(schema)?.values;
  if (values !== undefined) return values.some((v) => isObject(v));
  if (!COMPOSITIONS.some((keyword) => asArray(schema[keyword]).length > 0)) return true;
  const all = (keyword: 'oneOf' | 'anyOf') =>
    Array.isArray(schema[keyword]) &&
    schema[keyword].length > 0 &&
    schema[keyword].every((m) => isObject(m) && describesObject(m, depth + 1));
  return (
    all('oneOf') || all('anyOf') || asArray(schema.allOf).some((m) => isObject(m) && describesObject(m, depth + 1))
  );
}

/** application/json and its +json structured-suffix types (problem+json, merge-patch+json). */
const isJsonFamily = (bare: string): boolean =>
  bare === 'application/json' || /^application\/[\w.-]+\+json$/.test(bare);

/** evo-object: JSON media types have a schema; JSON and multipart bodies are objects (through oneOf/anyOf/allOf). */
export const jsonObjectBodies = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { mediaType, media, at, kind } of allMediaTypes(root)) {
    if (kind === 'parameter') continue;
    const bare = bareMediaType(mediaType);
    const schema = media.schema;
    if (isJsonFamily(bare) && schema === undefined) {
      out.push(finding(`An ${bare} media type should have a schema`, at));
    } else if ((isJsonFamily(bare) || bare.startsWith('multipart/')) && isObject(schema) && !describesObject(schema)) {
      // At the media type, not its schema: a shared $ref'd schema still gives one finding per body.
      out.push(finding(`The top-level ${bare} structure must be a JSON object`, at));
    }
  }
  return out;
});

const STRUCTURED =
  /^(?:application\/json|application\/[\w.+-]+\+json|application\/xml|text\/xml|application\/[\w.+-]+\+xml|application\/x-www-form-urlencoded|multipart\/(?:[\w.+-]+|\*))$/;

/** Media types that name no format of their own: the schema alone says what the body is. */
const UNNAMED_FORMAT = /^(?:\*\/\*|[\w.+-]+\/\*|application\/octet-stream)$/;

/**
 * rep-struct: structured data (a schema of objects or arrays) uses a JSON (or XML, form, multipart)
 * media type. A string schema under a media type naming a format (an image, a PDF, a diff) is that
 * format's raw content, not structured data; under a wildcard or octet-stream, where the schema alone
 * describes the body, it says binary (format binary) as belgif's validator asks.
 */
export const structuredMediaType = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const is31 = typeof root.openapi === 'string' && root.openapi.startsWith('3.1');
  for (const { mediaType, media, at } of allMediaTypes(root)) {
    const bare = bareMediaType(mediaType);
    const schema = media.schema;
    if (STRUCTURED.test(bare) || !isObject(schema) || typeof schema.$ref === 'string' || isBinary(schema)) continue;
    const type = effectiveType(schema);
    // OAS 3.1 dropped format: binary; a string body is its raw content there.
    const unnamedText = type === 'string' && UNNAMED_FORMAT.test(bare) && !(is31 && schema.format === undefined);
    if (type !== 'object' && type !== 'array' && !unnamedText) continue;
    out.push(finding(`Structured data should use application/json, not ${bare}`, at));
  }
  return out;
});

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');
const isParamSegment = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

const collectionCache = new WeakMap<Json, Set<string>>();

/**
 * Paths that have a direct child `<path>/{param}`: their GET returns a collection. Read without a file
 * extension (`/accounts.json` with its child `/accounts/{sid}.json`, a suffix uri-extens reports).
 */
function collectionPaths(root: Json): Set<string> {
  const cached = collectionCache.get(root);
  if (cached) return cached;
  const out = new Set<string>();
  collectionCache.set(root, out);
  for (const path of Object.keys(isObject(root.paths) ? root.paths : {})) {
    const segments = segmentsOf(withoutExtension(path));
    const last = segments[segments.length - 1];
    if (last !== undefined && isParamSegment(last)) out.add(`/${segments.slice(0, -1).join('/')}`);
  }
  return out;
}

/** The first JSON (application/json or +json) body of a response. */
function jsonSchemaOf(response: Json): { schema: unknown; mediaType: string } | undefined {
  for (const [mediaType, media] of entries(response.content)) {
    if (isJsonFamily(bareMediaType(mediaType)) && isObject(media)) return { schema: media.schema, mediaType };
  }
  return undefined;
}

/** Every declaration of property `name`, the schema's own and its allOf members' (they all apply). */
function propertyDeclarations(schema: Json, name: string, depth = 0): Json[] {
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
const itemsAreObjects = (schema: Json): boolean => {
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
const collectionFindings = new WeakMap<object, Record<CollectionAspect, Finding[]>>();

function findCollections(root: Json): Record<CollectionAspect, Finding[]> {
  const known = collectionFindings.get(root);
  if (known) return known;
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
  collectionFindings.set(root, out);
  return out;
}

export const collectionRepresentation = defineRuleFunction<{ aspect: CollectionAspect }>(
  {
    type: 'object',
    properties: { aspect: { enum: ['items', 'href'] } },
    required: ['aspect'],
    additionalProperties: false,
  },
  (root, { aspect }) => findCollections(root)[aspect],
);

// Plural nouns: the validator's endings (s, data), irregular plurals such as the guide's own "children", and
// the Dutch and German -en and French -aux plurals of Belgian APIs' names (adressen, travaux).
const PLURAL = /(?:s|en|aux|[dD]ata|[mM]edia|[cC]riteria|[pP]eople)$/;

/** col-name: a collection's name is a plural noun (ends with s, data or Data, is an irregular plural, or is a history). */
export const collectionNamePlural = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const collections = collectionPaths(root);
  for (const op of operationsOf(root)) {
    if (op.method !== 'get') continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const json = ok ? jsonSchemaOf(ok.response) : undefined;
    const returnsItems = json !== undefined && isObject(json.schema) && itemsAreObjects(json.schema);
    if (!collections.has(withoutExtension(op.path)) && !returnsItems) continue;
    const last = segmentsOf(withoutExtension(op.path)).pop();
    if (last === undefined || isParamSegment(last)) continue;
    if (PLURAL.test(last) || op.path.endsWith('/history')) continue;
    out.push(finding(`Collection "${last}" should be named with a plural noun`, ['paths', op.path]));
  }
  return out;
});

const MERGE_PATCH = 'application/merge-patch+json';

/** doc-patch: PATCH accepts merge-patch+json and application/json, with a schema of its own. */
export const mergePatch = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const ops = operationsOf(root);
  for (const op of ops) {
    if (op.method !== 'patch') continue;
    const body = op.operation.requestBody;
    if (!isObject(body) || !isObject(body.content)) continue;
    const types = Object.keys(body.content).map(bareMediaType);
    const missing = [MERGE_PATCH, 'application/json'].filter((t) => !types.includes(t));
    if (missing.length > 0)
      out.push(
        finding(`PATCH should accept ${missing.join(' and ')} (JSON Merge Patch)`, [
          ...op.at,
          'requestBody',
          'content',
        ]),
      );
    const get = ops.find((o) => o.path === op.path && o.method === 'get');
    const getOk = get ? responsesOf(get).find((r) => r.code === '200') : undefined;
    const getSchema = getOk ? jsonSchemaOf(getOk.response)?.schema : undefined;
    for (const [mediaType, media] of entries(body.content)) {
      if (isObject(media) && isObject(getSchema) && media.schema === getSchema) {
        out.push(
          finding('The PATCH body should have its own merge-patch schema, not the GET representation', [
            ...op.at,
            'requestBody',
            'content',
            mediaType,
          ]),
        );
      }
    }
  }
  return out;
});

const hasHeader = (response: Json, name: string): boolean =>
  Object.keys(isObject(response.headers) ? response.headers : {}).some((h) => h.toLowerCase() === name.toLowerCase());

/** The collections whose POST starts a long-running task (declares 202): their `/{id}` items are tasks. */
function taskCollections(root: Json): Set<string> {
  const out = new Set<string>();
  for (const op of operationsOf(root)) {
    if (op.method === 'post' && responsesOf(op).some((r) => r.code === '202')) out.add(op.path.replace(/\/$/, ''));
  }
  return out;
}

/**
 * lng-task: 202 and 303 declare Location; GET on a task (an item of a collection whose POST answers 202)
 * declares 200 (its status while running, or the outcome of a task without output) or 303 to the result.
 */
export const longRunningTasks = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const collections = taskCollections(root);
  for (const op of operationsOf(root)) {
    for (const { code, response, at } of responsesOf(op)) {
      if ((code === '202' || code === '303') && !hasHeader(response, 'Location')) {
        out.push(finding(`A ${code} response must declare the Location header`, at));
      }
    }
    const segments = segmentsOf(op.path);
    const last = segments[segments.length - 1];
    const isTask =
      op.method === 'get' &&
      last !== undefined &&
      isParamSegment(last) &&
      collections.has(`/${segments.slice(0, -1).join('/')}`);
    if (isTask && !responsesOf(op).some((r) => r.code === '200' || r.code === '303')) {
      out.push(
        finding(
          'GET on a task should declare 200 (its status) or 303 (with Location) to its result',
          isObject(op.operation.responses) ? [...op.at, 'responses'] : op.at,
        ),
      );
    }
  }
  return out;
});

/** sec-req: security requirements name declared schemes, and oauth2 scopes declared in a flow of that scheme. */
export const securityRequirements = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const schemes =
    isObject(root.components) && isObject(root.components.securitySchemes) ? root.components.securitySchemes : {};
  const check = (requirements: unknown, at: JsonPath) => {
    asArray(requirements).forEach((requirement, i) => {
      for (const [name, scopes] of entries(requirement)) {
        const scheme = schemes[name];
        if (!isObject(scheme)) {
          out.push(
            finding(`Security scheme "${name}" is not declared in components.securitySchemes`, [...at, i, name]),
          );
          continue;
        }
        if (scheme.type !== 'oauth2') continue;
        const declared = new Set(
          entries(scheme.flows).flatMap(([, flow]) =>
            Object.keys(isObject(flow) && isObject(flow.scopes) ? flow.scopes : {}),
          ),
        );
        const unknown = asArray(scopes).filter((s) => typeof s !== 'string' || !declared.has(s));
        if (unknown.length > 0)
          out.push(finding(`Scopes not defined in security scheme "${name}": ${unknown.join(', ')}`, [...at, i, name]));
      }
    });
  };
  check(root.security, ['security']);
  for (const op of operationsOf(root)) check(op.operation.security, [...op.at, 'security']);
  return out;
});

/** hlth-res: GET /health exists and declares 200 and 503. */
export const healthOperation = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  if (isReusableDefinitionsOnly(root)) return [];
  const paths = isObject(root.paths) ? root.paths : {};
  // A document without paths describes no API to monitor (schemas, webhooks).
  if (Object.keys(paths).length === 0) return [];
  const health = paths['/health'];
  if (!isObject(health)) return [finding('The API should have a /health resource', ['paths'])];
  const get = health.get;
  if (!isObject(get)) return [finding('/health should have a GET operation', ['paths', '/health'])];
  const codes = Object.keys(isObject(get.responses) ? get.responses : {});
  const missing = ['200', '503'].filter((c) => !codes.includes(c));
  return missing.length > 0
    ? [
        finding(`GET /health should declare responses 200 and 503 (missing ${missing.join(', ')})`, [
          'paths',
          '/health',
          'get',
          'responses',
        ]),
      ]
    : [];
});
