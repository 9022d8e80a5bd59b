// One walk per resolved document, shared by every rule: the operations and every schema object,
// each visited once (resolved $refs share object identity), so no rule needs `$..*`.
import { asArray, entries, isObject, type Json, type JsonPath } from '../../src/openapi/json.js';
import { OpenApiModel, type HttpMethod } from '../../src/openapi/operations.js';
import { refOf } from '../../src/openapi/refs.js';

export interface OperationVisit {
  path: string;
  method: HttpMethod;
  operation: Json;
  pathItem: Json;
  at: JsonPath;
}

type SchemaRelation =
  | 'properties'
  | 'patternProperties'
  | 'additionalProperties'
  | 'items'
  | 'prefixItems'
  | 'allOf'
  | 'oneOf'
  | 'anyOf'
  | 'not';

export interface SchemaVisit {
  schema: Json;
  at: JsonPath;
  /** The schema this one is nested in, and how. */
  parent?: SchemaVisit;
  relation?: SchemaRelation;
  propertyName?: string;
  /** Set on `components.schemas.<name>` itself. */
  componentName?: string;
  /** The media type of the body this schema (or an ancestor) describes. */
  mediaType?: string;
  /** The parameter whose schema this is (top-level parameter schemas only). */
  parameter?: Json;
}

interface Inventory {
  operations: OperationVisit[];
  schemas: SchemaVisit[];
  /** Schemas reachable from PATCH request bodies (jsn-null allows nullable there). */
  patchSchemas: Set<Json>;
}

const cache = new WeakMap<object, Inventory>();
const MAX_DEPTH = 256;

/**
 * `compute` once per key object: the lists below are asked for by many rules for the same operation
 * or document, and copies of them were much of a large lint's garbage. Callers only read them.
 */
function oncePer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}

export function inventory(root: unknown): Inventory {
  if (!isObject(root)) return { operations: [], schemas: [], patchSchemas: new Set() };
  let found = cache.get(root);
  if (!found) {
    found = build(root);
    cache.set(root, found);
  }
  return found;
}

export function operationsOf(root: unknown): OperationVisit[] {
  return inventory(root).operations;
}

/** The model of a document Spectral resolved: what $refs are left are broken or circular, read as written. */
const modelOf = (root: Json): OpenApiModel => OpenApiModel.of(root, { asWritten: true });

function build(root: Json): Inventory {
  const operations: OperationVisit[] = modelOf(root)
    .operations()
    .map(({ path, method, operation, pathItem }) => ({
      path,
      method,
      operation: operation.value,
      pathItem: pathItem.value,
      at: operation.path,
    }));

  const schemas: SchemaVisit[] = [];
  const seen = new Set<Json>();
  const visit = (schema: unknown, at: JsonPath, extra: Partial<SchemaVisit>, depth: number): void => {
    if (!isObject(schema) || seen.has(schema) || depth > MAX_DEPTH) return;
    // An unresolved (circular or broken) $ref: not a schema we can judge.
    if (refOf(schema) !== undefined) return;
    visitNode({ schema, at, ...extra }, depth);
  };
  /** A nested schema's record, written out (a spread per schema was a tenth of the walk). */
  const child = (
    schema: unknown,
    at: JsonPath,
    parent: SchemaVisit,
    relation: SchemaRelation,
    depth: number,
    propertyName?: string,
  ): void => {
    if (!isObject(schema) || depth > MAX_DEPTH || refOf(schema) !== undefined) return;
    visitNode(
      propertyName === undefined
        ? { schema, at, parent, mediaType: parent.mediaType, relation }
        : { schema, at, parent, mediaType: parent.mediaType, relation, propertyName },
      depth,
    );
  };
  const visitNode = (node: SchemaVisit, depth: number): void => {
    const { schema, at } = node;
    seen.add(schema);
    schemas.push(node);
    // Resolved $refs share identity, so most children were seen already: test that before building
    // their path and visit record (those were much of a large lint's garbage).
    const unseen = (value: unknown): boolean => isObject(value) && !seen.has(value);
    for (const [name, value] of entries(schema.properties)) {
      if (unseen(value)) child(value, [...at, 'properties', name], node, 'properties', depth + 1, name);
    }
    for (const [name, value] of entries(schema.patternProperties)) {
      if (unseen(value)) child(value, [...at, 'patternProperties', name], node, 'patternProperties', depth + 1);
    }
    if (unseen(schema.additionalProperties))
      child(schema.additionalProperties, [...at, 'additionalProperties'], node, 'additionalProperties', depth + 1);
    if (Array.isArray(schema.items)) {
      schema.items.forEach((value, i) => {
        if (unseen(value)) child(value, [...at, 'items', i], node, 'items', depth + 1);
      });
    } else if (unseen(schema.items)) {
      child(schema.items, [...at, 'items'], node, 'items', depth + 1);
    }
    asArray(schema.prefixItems).forEach((value, i) => {
      if (unseen(value)) child(value, [...at, 'prefixItems', i], node, 'prefixItems', depth + 1);
    });
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
      asArray(schema[keyword]).forEach((value, i) => {
        if (unseen(value)) child(value, [...at, keyword, i], node, keyword, depth + 1);
      });
    }
    if (unseen(schema.not)) child(schema.not, [...at, 'not'], node, 'not', depth + 1);
  };

  const visitContent = (content: unknown, at: JsonPath): void => {
    for (const [mediaType, media] of entries(content)) {
      if (isObject(media)) visit(media.schema, [...at, mediaType, 'schema'], { mediaType }, 0);
    }
  };
  const visitParameter = (parameter: unknown, at: JsonPath): void => {
    if (!isObject(parameter)) return;
    visit(parameter.schema, [...at, 'schema'], { parameter }, 0);
    visitContent(parameter.content, [...at, 'content']);
  };
  const visitHeaders = (headers: unknown, at: JsonPath): void => {
    for (const [name, header] of entries(headers)) visitParameter(header, [...at, name]);
  };
  const visitResponse = (response: unknown, at: JsonPath): void => {
    if (!isObject(response)) return;
    visitHeaders(response.headers, [...at, 'headers']);
    visitContent(response.content, [...at, 'content']);
  };
  const visitRequestBody = (body: unknown, at: JsonPath): void => {
    if (isObject(body)) visitContent(body.content, [...at, 'content']);
  };

  const components = isObject(root.components) ? root.components : {};
  for (const [name, schema] of entries(components.schemas)) {
    visit(schema, ['components', 'schemas', name], { componentName: name }, 0);
  }
  for (const [name, parameter] of entries(components.parameters))
    visitParameter(parameter, ['components', 'parameters', name]);
  visitHeaders(components.headers, ['components', 'headers']);
  for (const [name, body] of entries(components.requestBodies))
    visitRequestBody(body, ['components', 'requestBodies', name]);
  for (const [name, response] of entries(components.responses))
    visitResponse(response, ['components', 'responses', name]);

  for (const [path, pathItem] of entries(root.paths)) {
    if (!isObject(pathItem)) continue;
    asArray(pathItem.parameters).forEach((p, i) => visitParameter(p, ['paths', path, 'parameters', i]));
  }
  for (const op of operations) {
    asArray(op.operation.parameters).forEach((p, i) => visitParameter(p, [...op.at, 'parameters', i]));
    visitRequestBody(op.operation.requestBody, [...op.at, 'requestBody']);
    for (const [code, response] of entries(op.operation.responses))
      visitResponse(response, [...op.at, 'responses', code]);
  }

  return { operations, schemas, patchSchemas: collectPatchSchemas(operations) };
}

/** The given schemas and every schema they contain (properties, items, maps, compositions), bounded in depth. */
export function schemaClosure(roots: Iterable<unknown>, maxDepth = MAX_DEPTH): Set<Json> {
  const found = new Set<Json>();
  const add = (schema: unknown, depth: number): void => {
    if (!isObject(schema) || found.has(schema) || depth > maxDepth) return;
    found.add(schema);
    for (const [, child] of entries(schema.properties)) add(child, depth + 1);
    add(schema.items, depth + 1);
    add(schema.additionalProperties, depth + 1);
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const)
      asArray(schema[keyword]).forEach((c) => add(c, depth + 1));
  };
  for (const root of roots) add(root, 0);
  return found;
}

function collectPatchSchemas(operations: OperationVisit[]): Set<Json> {
  const roots: unknown[] = [];
  for (const op of operations) {
    if (op.method !== 'patch' || !isObject(op.operation.requestBody)) continue;
    for (const [, media] of entries(op.operation.requestBody.content)) if (isObject(media)) roots.push(media.schema);
  }
  return schemaClosure(roots);
}

/** Every parameter of an operation (path-item level ones included, operation ones win). */
export const parametersOf: (op: OperationVisit) => ReadonlyArray<{ parameter: Json; at: JsonPath }> =
  oncePer(computeParametersOf);

/** Reads only the nodes it is given (a visit's, already resolved). */
const NODES = OpenApiModel.of(undefined, { asWritten: true });

/** The model's merge, the operation's own parameters first (in their order), then those it inherits. */
function computeParametersOf(op: OperationVisit): Array<{ parameter: Json; at: JsonPath }> {
  const merged = NODES.parameters(
    { source: '', path: ['paths', op.path], value: op.pathItem },
    { source: '', path: op.at, value: op.operation },
  );
  const own = merged.filter((p) => p.level === 'operation').sort((a, b) => a.index - b.index);
  const inherited = merged.filter((p) => p.level === 'path');
  return [...own, ...inherited].map(({ node }) => ({ parameter: node.value, at: node.path }));
}

/** Every parameter object in the document once (path items, operations, components). */
export function allParameters(root: unknown): ReadonlyArray<{ parameter: Json; at: JsonPath }> {
  return isObject(root) ? allParametersOf(root) : [];
}

const allParametersOf = oncePer((root: Json): Array<{ parameter: Json; at: JsonPath }> => {
  const out: Array<{ parameter: Json; at: JsonPath }> = [];
  const seen = new Set<Json>();
  const add = (parameter: unknown, at: JsonPath) => {
    if (isObject(parameter) && !seen.has(parameter) && refOf(parameter) === undefined) {
      seen.add(parameter);
      out.push({ parameter, at });
    }
  };
  const components = isObject(root.components) ? root.components : {};
  for (const [name, p] of entries(components.parameters)) add(p, ['components', 'parameters', name]);
  for (const [path, pathItem] of entries(root.paths)) {
    if (isObject(pathItem)) asArray(pathItem.parameters).forEach((p, i) => add(p, ['paths', path, 'parameters', i]));
  }
  for (const op of operationsOf(root))
    asArray(op.operation.parameters).forEach((p, i) => add(p, [...op.at, 'parameters', i]));
  return out;
});

/** Every response header once: `{ name, header, at }`. */
export function allResponseHeaders(root: unknown): ReadonlyArray<{ name: string; header: unknown; at: JsonPath }> {
  return isObject(root) ? allResponseHeadersOf(root) : [];
}

const allResponseHeadersOf = oncePer((root: Json): Array<{ name: string; header: unknown; at: JsonPath }> => {
  const out: Array<{ name: string; header: unknown; at: JsonPath }> = [];
  const seen = new Set<unknown>();
  const addResponse = (response: unknown, at: JsonPath) => {
    if (!isObject(response) || seen.has(response)) return;
    seen.add(response);
    for (const [name, header] of entries(response.headers)) out.push({ name, header, at: [...at, 'headers', name] });
  };
  const components = isObject(root.components) ? root.components : {};
  for (const [name, r] of entries(components.responses)) addResponse(r, ['components', 'responses', name]);
  for (const [name, header] of entries(components.headers))
    out.push({ name, header, at: ['components', 'headers', name] });
  for (const op of operationsOf(root)) {
    for (const [code, r] of entries(op.operation.responses)) addResponse(r, [...op.at, 'responses', code]);
  }
  return out;
});

const declared = new WeakMap<Json, ReadonlyMap<string, unknown>>();

/** The properties a schema declares, through allOf members too (computed once per schema object). */
export function declaredProperties(schema: Json, depth = 0): ReadonlyMap<string, unknown> {
  const known = declared.get(schema);
  if (known) return known;
  const out = new Map<string, unknown>();
  if (depth > 32) return out;
  for (const [name, value] of entries(schema.properties)) out.set(name, value);
  for (const member of asArray(schema.allOf)) {
    if (isObject(member))
      for (const [name, value] of declaredProperties(member, depth + 1)) if (!out.has(name)) out.set(name, value);
  }
  if (depth === 0) declared.set(schema, out); // a deeper call may have stopped at the depth cap: not kept
  return out;
}

/** The names a schema requires, through allOf members too. */
export function requiredNames(schema: Json, depth = 0): Set<string> {
  const out = new Set<string>(asArray(schema.required).filter((n): n is string => typeof n === 'string'));
  if (depth > 32) return out;
  for (const member of asArray(schema.allOf))
    if (isObject(member)) for (const n of requiredNames(member, depth + 1)) out.add(n);
  return out;
}

/** The JSON type a schema describes, looking through allOf; undefined when it does not say. */
export function effectiveType(schema: Json, depth = 0): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
  }
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  if (depth > 32) return undefined;
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const types = new Set(asArray(schema[keyword]).map((m) => (isObject(m) ? effectiveType(m, depth + 1) : undefined)));
    types.delete(undefined);
    if (types.size === 1) return [...types][0];
  }
  return undefined;
}

/** The status-coded responses of an operation with their paths. */
export const responsesOf: (op: OperationVisit) => ReadonlyArray<{ code: string; response: Json; at: JsonPath }> =
  oncePer((op: OperationVisit) =>
    entries(op.operation.responses)
      // A response still holding its $ref did not resolve: invalid-ref reports it, no rule judges it.
      .filter((e): e is [string, Json] => isObject(e[1]) && refOf(e[1]) === undefined)
      .map(([code, response]) => ({ code, response, at: [...op.at, 'responses', code] })),
  );

interface MediaVisit {
  mediaType: string;
  media: Json;
  at: JsonPath;
  /** 'request' (request bodies), 'response' or 'parameter'. */
  kind: 'request' | 'response' | 'parameter';
  /** The status code for response media; the operation when reached from one. */
  code?: string;
  operation?: OperationVisit;
}

const mediaCache = new WeakMap<object, MediaVisit[]>();

/** Every media type object once, operations first so the operation context is known where there is one. */
export function allMediaTypes(root: unknown): MediaVisit[] {
  if (!isObject(root)) return [];
  const cached = mediaCache.get(root);
  if (cached) return cached;
  const out: MediaVisit[] = [];
  const seen = new Set<Json>();
  const addContent = (
    content: unknown,
    at: JsonPath,
    kind: MediaVisit['kind'],
    code?: string,
    operation?: OperationVisit,
  ) => {
    for (const [mediaType, media] of entries(content)) {
      if (!isObject(media) || seen.has(media)) continue;
      seen.add(media);
      out.push({ mediaType, media, at: [...at, mediaType], kind, code, operation });
    }
  };
  for (const op of operationsOf(root)) {
    const body = op.operation.requestBody;
    if (isObject(body)) addContent(body.content, [...op.at, 'requestBody', 'content'], 'request', undefined, op);
    for (const [code, response] of entries(op.operation.responses)) {
      if (isObject(response))
        addContent(response.content, [...op.at, 'responses', code, 'content'], 'response', code, op);
    }
  }
  for (const { parameter, at } of allParameters(root)) addContent(parameter.content, [...at, 'content'], 'parameter');
  const components = isObject(root.components) ? root.components : {};
  for (const [name, body] of entries(components.requestBodies)) {
    if (isObject(body)) addContent(body.content, ['components', 'requestBodies', name, 'content'], 'request');
  }
  for (const [name, response] of entries(components.responses)) {
    if (isObject(response)) addContent(response.content, ['components', 'responses', name, 'content'], 'response');
  }
  mediaCache.set(root, out);
  return out;
}
