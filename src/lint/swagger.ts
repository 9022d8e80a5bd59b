// Swagger 2.0 input: converted in memory to OpenAPI 3.0 (@scalar/openapi-upgrader) so the ruleset
// runs on it, then every finding is put back on the Swagger document's own path and line.
import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import { isObject, type Json } from '../openapi/json.js';
import { OpenApiModel, SWAGGER_2_METHODS } from '../openapi/operations.js';
import { splitRef, valueAt } from '../openapi/pointer.js';

type Segment = string | number;
const PROBLEM_JSON = 'application/problem+json';
const isErrorStatus = (code: string): boolean => code === 'default' || /^[45]/.test(code);

/** A Swagger 2.x document (`swagger: "2.0"` at its root). */
export const isSwagger2 = (data: unknown): data is Json =>
  isObject(data) && typeof data.swagger === 'string' && data.swagger.startsWith('2.');

/** The OpenAPI 3.0 form of a Swagger 2.0 document (the source is not changed). */
export function convertSwagger(source: Json): Json {
  // A JSON copy, not structuredClone: the converter changes what it is given, and a parser's data may be Proxies.
  const copy = JSON.parse(JSON.stringify(source)) as Json;
  const aside = setExtensionsAside(copy);
  const converted = upgradeFromTwoToThree(copy as never) as unknown as Json;
  restoreExtensions(converted, aside);
  // Whether each shared response (#/components/responses/X) answers errors, successes or both.
  const sharedUse = new Map<string, Set<boolean>>();
  // Read as written: the converter's $refs (#/components/...) are left to the ruleset's resolver.
  const model = OpenApiModel.of(converted, { asWritten: true });
  for (const { path, item } of model.pathItems()) {
    const shared = bodyRefsOut(item.value);
    for (const { operation: located } of model.operationsOf(path, item)) {
      const operation = located.value;
      const own = bodyRefsOut(operation);
      if (operation.requestBody === undefined && (own ?? shared)) operation.requestBody = own ?? shared;
      for (const [code, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        if (
          isObject(response) &&
          typeof response.$ref === 'string' &&
          response.$ref.startsWith('#/components/responses/')
        ) {
          const name = response.$ref.slice('#/components/responses/'.length);
          sharedUse.set(name, (sharedUse.get(name) ?? new Set()).add(isErrorStatus(code)));
        } else if (isObject(response)) splitProduces(response, isErrorStatus(code));
      }
    }
  }
  for (const [name, response] of Object.entries(
    isObject(converted.components) && isObject(converted.components.responses) ? converted.components.responses : {},
  )) {
    const use = sharedUse.get(name);
    if (isObject(response) && use?.size === 1) splitProduces(response, use.has(true));
  }
  return converted;
}

const PATH_ITEM_KEYS: ReadonlySet<string> = new Set([...SWAGGER_2_METHODS, 'parameters', '$ref']);

/**
 * The converter takes every key of a path item for an operation (an `x-note: null` stops it): the
 * other keys (extensions, `x-ignore-rules`) are set aside, with those of `paths` itself, and put back.
 */
function setExtensionsAside(document: Json): Map<string, Json> {
  const aside = new Map<string, Json>();
  if (!isObject(document.paths)) return aside;
  const take = (holder: Json, at: string, keep: (key: string) => boolean) => {
    const moved = Object.fromEntries(Object.entries(holder).filter(([key]) => !keep(key)));
    for (const key of Object.keys(moved)) delete holder[key];
    if (Object.keys(moved).length > 0) aside.set(at, moved);
  };
  take(document.paths, '', (key) => !key.startsWith('x-'));
  for (const [path, item] of Object.entries(document.paths))
    if (isObject(item)) take(item, path, (key) => PATH_ITEM_KEYS.has(key));
  return aside;
}

function restoreExtensions(document: Json, aside: Map<string, Json>): void {
  if (!isObject(document.paths)) return;
  for (const [at, moved] of aside) {
    const holder = at === '' ? document.paths : document.paths[at];
    if (isObject(holder)) Object.assign(holder, moved);
  }
}

/**
 * The converter leaves a `$ref` to a body parameter (`#/parameters/Body`, now a request body) among
 * the parameters: it is the request body.
 */
function bodyRefsOut(holder: Json): Json | undefined {
  if (!Array.isArray(holder.parameters)) return undefined;
  const isBodyRef = (p: unknown) =>
    isObject(p) && typeof p.$ref === 'string' && p.$ref.startsWith('#/components/requestBodies/');
  const body = holder.parameters.find(isBodyRef) as Json | undefined;
  if (!body) return undefined;
  holder.parameters = holder.parameters.filter((p) => !isBodyRef(p));
  if ((holder.parameters as unknown[]).length === 0) delete holder.parameters;
  return { $ref: body.$ref };
}

/**
 * Swagger 2.0 has one `produces` list per operation, which the converter gives every response. A list
 * naming application/problem+json means problems for the error responses and the others for the rest,
 * as the guide writes it in 3.0; without it, every response keeps every media type.
 */
function splitProduces(response: Json, isError: boolean): void {
  if (!isObject(response.content)) return;
  const types = Object.keys(response.content);
  if (types.length < 2 || !types.includes(PROBLEM_JSON)) return;
  const keep = isError ? [PROBLEM_JSON] : types.filter((t) => t !== PROBLEM_JSON);
  for (const type of types) if (!keep.includes(type)) delete response.content[type];
}

// ---- From a path in the converted document back to the Swagger document ----

const get = (node: unknown, segment: Segment): unknown =>
  isObject(node) ? node[String(segment)] : Array.isArray(node) ? node[Number(segment)] : undefined;

/** A parameter of the Swagger document with `$ref: '#/parameters/X'` followed. */
function resolveParameter(source: Json, parameter: unknown): Json | undefined {
  if (isObject(parameter) && typeof parameter.$ref === 'string' && parameter.$ref.startsWith('#/parameters/')) {
    const { path } = splitRef(parameter.$ref);
    const found = path?.length === 2 ? valueAt(source, path) : undefined;
    return isObject(found) ? found : undefined;
  }
  return isObject(parameter) ? parameter : undefined;
}

const inBody = (parameter: Json | undefined): boolean => parameter?.in === 'body' || parameter?.in === 'formData';

/** Schema keywords whose 3.0 spelling differs; what follows `discriminator` (propertyName, mapping) is the 2.0 string itself. */
function schemaRest(rest: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of rest) {
    if (segment === 'nullable') out.push('x-nullable');
    else if (out.at(-1) === 'discriminator') break;
    else out.push(segment);
  }
  return out;
}

/** A non-body parameter: 3.0 moves its type into `schema`, collectionFormat into style and explode. */
function parameterRest(rest: Segment[]): Segment[] {
  const [first, ...more] = rest;
  if (first === 'schema') return schemaRest(more);
  if (first === 'style' || first === 'explode') return ['collectionFormat'];
  if (first === 'examples' || first === 'example') return [];
  return rest;
}

/** A response: 3.0 puts the schema and examples under content/<media type>, header types under schema. */
function responseRest(rest: Segment[]): Segment[] {
  const [first, second, third, ...more] = rest;
  if (first === 'content') {
    if (third === 'schema') return ['schema', ...schemaRest(more)];
    if (third === 'example') return ['examples', String(second)];
    if (third === 'examples') return ['examples', ...more.slice(0, 1)];
    return [];
  }
  if (first === 'headers' && third === 'schema') return ['headers', String(second), ...schemaRest(more)];
  return rest;
}

/** Which of `parameters` a request body's path is about (the body parameter; for a form, the formData parameter of the property), and the path below it. */
function bodyParameter(
  source: Json,
  parameters: unknown[],
  rest: Segment[],
): { index: number; below: Segment[] } | undefined {
  const resolved = parameters.map((p) => resolveParameter(source, p));
  const bodyAt = resolved.findIndex((p) => p?.in === 'body');
  if (bodyAt >= 0) {
    const [first, , third, ...more] = rest;
    if (first === 'content' && third === 'schema') return { index: bodyAt, below: ['schema', ...schemaRest(more)] };
    if (first === 'required' || first === 'description' || (typeof first === 'string' && first.startsWith('x-')))
      return { index: bodyAt, below: [first] };
    return { index: bodyAt, below: [] };
  }
  const formAt = resolved.findIndex((p) => p?.in === 'formData');
  if (formAt < 0) return undefined;
  const [first, , third, fourth, fifth, ...more] = rest;
  if (first === 'content' && third === 'schema' && fourth === 'properties' && fifth !== undefined) {
    const named = resolved.findIndex((p) => p?.in === 'formData' && p.name === fifth);
    if (named >= 0) return { index: named, below: schemaRest(more) };
  }
  return { index: formAt, below: [] };
}

/** Where the converted path's operation or path item takes its body: its own parameters, else the path item's. */
function bodyHolder(source: Json, item: Segment[], operation: Segment[] | undefined): Segment[] {
  const declares = (at: Segment[]) => {
    const list = at.reduce<unknown>(get, source);
    const parameters = get(list, 'parameters');
    return Array.isArray(parameters) && parameters.some((p) => inBody(resolveParameter(source, p)));
  };
  if (operation && declares(operation)) return operation;
  return item;
}

/** The Swagger index of the k-th parameter the converter kept (it drops body and formData ones). */
function parameterIndex(source: Json, parameters: unknown, k: number): number | undefined {
  if (!Array.isArray(parameters)) return undefined;
  let seen = -1;
  for (let i = 0; i < parameters.length; i++) {
    if (inBody(resolveParameter(source, parameters[i]))) continue;
    if (++seen === k) return i;
  }
  return undefined;
}

/** Under a path item (`paths/<path>/...`): parameters, request bodies and responses moved. */
function pathItemPath(source: Json, path: Segment[]): Segment[] {
  const item = path.slice(0, 2);
  const [, , third, fourth, fifth, ...more] = path;
  if (third === 'parameters' && fourth !== undefined) {
    const index = parameterIndex(source, get(item.reduce<unknown>(get, source), 'parameters'), Number(fourth));
    return index === undefined
      ? [...item, 'parameters']
      : [...item, 'parameters', index, ...parameterRest(path.slice(4))];
  }
  if (third === undefined) return path;
  const operation = [...item, third];
  if (fourth === 'parameters' && fifth !== undefined) {
    const index = parameterIndex(source, get(operation.reduce<unknown>(get, source), 'parameters'), Number(fifth));
    return index === undefined
      ? [...operation, 'parameters']
      : [...operation, 'parameters', index, ...parameterRest(more)];
  }
  if (fourth === 'requestBody') {
    const holder = bodyHolder(source, item, operation);
    const parameters = get(holder.reduce<unknown>(get, source), 'parameters');
    const body = bodyParameter(source, Array.isArray(parameters) ? parameters : [], path.slice(4));
    return body ? [...holder, 'parameters', body.index, ...body.below] : operation;
  }
  if (fourth === 'responses' && fifth !== undefined) return [...operation, 'responses', fifth, ...responseRest(more)];
  return path;
}

/** Under components: each kind back to its Swagger section. */
function componentPath(source: Json, path: Segment[]): Segment[] {
  const [, kind, name, ...rest] = path;
  if (name === undefined) return [];
  switch (kind) {
    case 'schemas':
      return ['definitions', name, ...schemaRest(rest)];
    case 'parameters':
      return ['parameters', name, ...parameterRest(rest)];
    case 'requestBodies':
      return ['parameters', name, ...(bodyParameter(source, [get(source.parameters, name)], rest)?.below ?? [])];
    case 'responses':
      return ['responses', name, ...responseRest(rest)];
    case 'securitySchemes':
      return [
        'securityDefinitions',
        name,
        ...(rest[0] === 'flows' ? rest.slice(2) : rest[0] === 'scheme' ? ['type'] : rest),
      ];
    default:
      return [];
  }
}

/** The longest start of `path` that exists in `data`. */
function existing(data: unknown, path: Segment[]): Segment[] {
  let node = data;
  for (let i = 0; i < path.length; i++) {
    const next = get(node, path[i] as Segment);
    if (next === undefined) return path.slice(0, i);
    node = next;
  }
  return path;
}

/**
 * The path in the Swagger document of what a finding on the converted document points at: the
 * same place where 2.0 writes it, or the nearest enclosing one that exists there.
 */
export function swaggerPath(source: Json, path: ReadonlyArray<Segment>): Segment[] {
  const converted = [...path];
  const [first] = converted;
  let mapped: Segment[];
  if (first === 'openapi') mapped = ['swagger'];
  else if (first === 'servers')
    mapped = source.basePath !== undefined ? ['basePath'] : source.host !== undefined ? ['host'] : [];
  else if (first === 'components') mapped = componentPath(source, converted);
  else if (first === 'paths' && converted.length >= 2) mapped = pathItemPath(source, converted);
  else mapped = converted;
  return existing(source, mapped);
}
