// The one walk per resolved document, shared by every rule: the operations and every schema object,
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
