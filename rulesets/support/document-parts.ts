// The lists many rules ask of a document or an operation (parameters, response headers, responses,
// media types), each computed once per document or operation.
import { asArray, entries, isObject, type Json, type JsonPath } from '../../src/openapi/json.js';
import { OpenApiModel } from '../../src/openapi/operations.js';
import { refOf } from '../../src/openapi/refs.js';
import { operationsOf, type OperationVisit } from './schema-walk.js';

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
