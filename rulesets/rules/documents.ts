// Small OpenAPI documents for rule cases: a clean base plus exactly what a case needs (the rules' `cases`).
import type { RuleCase } from './define.js';

type Json = Record<string, unknown>;

/** The base always holds components.schemas.Problem, which `problem()` responses reference. */
export const base = (extra: Json = {}): Json => {
  const components = (extra.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Json;
  return {
    openapi: '3.0.3',
    info: { title: 'Demo', version: '1.0.0' },
    servers: [{ url: 'https://api.example.be/demo/v1' }],
    paths: {},
    ...extra,
    components: { ...components, schemas: { Problem: PROBLEM_SCHEMA, ...schemas } },
  };
};

/** A document whose only content is these component schemas. */
export const withSchemas = (schemas: Json, extra: Json = {}): Json => base({ components: { schemas }, ...extra });

/** What `withPath` adds beside its path item: these component schemas. */
export const schemasOf = (schemas: Json): Json => ({ components: { schemas } });

/** A document with one path item. */
export const withPath = (path: string, pathItem: Json, extra: Json = {}): Json =>
  base({ paths: { [path]: pathItem }, ...extra });

export const ok = (
  schema: Json = { title: 'Thing', type: 'object', properties: { a: { type: 'string' } } },
  mediaType = 'application/json',
): Json => ({
  description: 'OK',
  content: { [mediaType]: { schema } },
});

export const problem = (): Json => ({
  description: 'Problem',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

export const PROBLEM_SCHEMA: Json = {
  type: 'object',
  properties: { type: { type: 'string' }, status: { type: 'integer' } },
};

/** An operation with an id, a summary, a 200 and a default problem response. */
export const op = (extra: Json = {}): Json => ({
  operationId: 'doIt',
  summary: 'Does it',
  responses: { '200': ok(), default: problem() },
  ...extra,
});

/** Path items each with a GET of its own operationId: `base({ paths: gets('/things', '/things/{id}') })`. */
export const gets = (...paths: string[]): Json =>
  Object.fromEntries(paths.map((path, i) => [path, { get: op({ operationId: `get${i}` }) }]));

export const queryParam = (name: string, schema: Json, extra: Json = {}): Json => ({
  name,
  in: 'query',
  schema,
  ...extra,
});
export const headerParam = (name: string, schema: Json = { type: 'string' }): Json => ({ name, in: 'header', schema });
export const pathParam = (name: string, schema: Json = { type: 'string', pattern: '^[a-z]+$' }): Json => ({
  name,
  in: 'path',
  required: true,
  schema,
});

/** The path of a component schema's member in a case document: `P('Thing', 'properties', 'id')`. */
export const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
/** The path of an operation's member in a case document: `O('/things', 'get', 'responses')`. */
export const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
/** The path of an operation's `i`th parameter. */
export const param = (path: string, method: string, i = 0) => O(path, method, 'parameters', i);
/** The same document as OpenAPI 3.1. */
export const v31 = (document: Json): Json => ({ ...document, openapi: '3.1.0' });

/** An AsynchronousMessageBase whose id is a free-form string, as cases about schemas (not events) carry it. */
export const ASYNC_BASE: Json = {
  type: 'object',
  required: ['id', 'type', 'service', 'specversion', 'source'],
  properties: {
    specversion: { type: 'string' },
    id: { type: 'string', minLength: 1, example: '550e8400-e29b-41d4-a716-446655440000' },
    type: { type: 'string' },
    service: { type: 'string' },
    source: { type: 'string' },
  },
};

/** The schema of a GET's 200 JSON response: `S('/things')`. */
export const S = (path: string) => O(path, 'get', 'responses', '200', 'content', 'application/json', 'schema');
export const string: Json = { type: 'string' };
export const link: Json = { type: 'string', format: 'uri' };
export const enumOf = (...values: string[]): Json => ({ type: 'string', enum: values });
/** An object schema with these properties (and these required). */
export const objectOf = (properties: Json, required?: string[]): Json => ({
  type: 'object',
  ...(required ? { required } : {}),
  properties,
});
/** A collection item: an object with its href. */
export const hrefItem: Json = { type: 'object', properties: { href: link } };
export const thing: Json = { type: 'object', title: 'Thing', properties: { href: link, name: string } };

/** A document with one GET `/things` taking these parameters. */
export const withQuery = (...parameters: unknown[]) => withPath('/things', { get: op({ parameters }) });
/** A path item whose GET answers `schema`. */
export const get = (operationId: string, schema: Json, parameters: Json[] = []): Json => ({
  get: op({ operationId, parameters, responses: { '200': ok(schema) } }),
});

/** GET `/events`, paged by ?after, answering an object of these properties (a list and what leads on). */
export const cursorFeed = (properties: Json): Json =>
  get('events', { type: 'object', properties }, [queryParam('after', string)]);

/** A collection's representation: its items (`item`) and members beside them. */
export const itemsOf = (item: Json, extra: Json = {}): Json => ({
  type: 'object',
  properties: { items: { type: 'array', items: item }, ...extra },
});
/** A collection `/x` (with its item path `/x/{id}`) whose GET answers `schema`: path items for `paths`. */
export const collection = (path: string, schema: Json, parameters: Json[] = []): Json => ({
  [path]: { get: op({ operationId: `list${path.slice(1)}`, parameters, responses: { '200': ok(schema) } }) },
  [`${path}/{id}`]: {
    get: op({
      operationId: `get${path.slice(1)}`,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    }),
  },
});

/** A definitions file as belgif publishes them: `paths: {}`, version filled in by Maven. */
export const definitions = (components: Json): Json => ({
  openapi: '3.0.3',
  info: { title: 'Types', version: '${project.version}' },
  paths: {},
  components,
});
// Files referenced from cases, relative to the harness's document (test/lint/case.json).
export const REUSE = '../fixtures/lint/reuse';
export const PROBLEM_V1 = `${REUSE}/problem/v1/problem-v1.yaml#/components/schemas/Problem`;

/** A case of GET /things with these query parameters: the first reported, or none. */
export const queryCase = (name: string, found: boolean, ...parameters: Json[]): RuleCase => ({
  name,
  errors: found ? [{ path: param('/things', 'get') }] : [],
  document: withQuery(...parameters),
});
/** A case of a document with these paths, each with a GET: the rule reports the `found` ones, at their path. */
export const pathsCase = (name: string, paths: string[], found: string[] = []): RuleCase => ({
  name,
  errors: found.map((path) => ({ path: ['paths', path] })),
  document: base({ paths: gets(...paths) }),
});
/** A case of GET /things/{name} with its path parameter: reported, or not. */
export const pathParamCase = (caseName: string, name: string, found: boolean): RuleCase => ({
  name: caseName,
  errors: found ? [{ path: param(`/things/{${name}}`, 'get') }] : [],
  document: withPath(`/things/{${name}}`, { get: op({ parameters: [pathParam(name)] }) }),
});
/** The same case on OpenAPI 3.1. */
export const v31Case = (c: RuleCase): RuleCase => ({ ...c, document: v31(c.document) });
