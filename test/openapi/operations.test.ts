import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/core/profile/openapi-profile.js';
import { convertSwagger } from '../../src/lint/swagger.js';
import {
  HTTP_METHODS,
  isHttpMethod,
  OpenApiModel,
  SWAGGER_2_METHODS,
  type Operation,
} from '../../src/openapi/operations.js';

const names = (model: OpenApiModel): string[] => model.operations().map((op) => `${op.method} ${op.path}`);
const only = (model: OpenApiModel, method: string, path: string): Operation => {
  const found = model.operations().find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
};
const parametersOf = (model: OpenApiModel, op: Operation) =>
  model.parameters(op.pathItem, op.operation).map((p) => ({ key: p.key, level: p.level, at: p.node.path }));

describe('the operations of a document', () => {
  it('are paths in their order × methods in OpenAPI order, trace included', () => {
    const model = OpenApiModel.of({
      openapi: '3.1.0',
      paths: {
        '/b': { trace: {}, patch: {}, get: {} },
        '/a': { delete: {}, head: {}, options: {}, post: {}, put: {} },
      },
    });
    expect(names(model)).toEqual([
      'get /b',
      'patch /b',
      'trace /b',
      'put /a',
      'post /a',
      'delete /a',
      'options /a',
      'head /a',
    ]);
    expect(only(model, 'get', '/b').operation.path).toEqual(['paths', '/b', 'get']);
    expect(only(model, 'get', '/b').pathItem.path).toEqual(['paths', '/b']);
  });

  it('are only the lower-case method keys: `summary`, `parameters`, `servers`, `x-*` and `GET` are none', () => {
    const model = OpenApiModel.of({
      openapi: '3.0.3',
      paths: {
        '/a': {
          summary: 'a',
          description: 'the a',
          parameters: [{ name: 'q', in: 'query' }],
          servers: [{ url: 'https://example.org' }],
          'x-get': { responses: {} },
          GET: { responses: {} },
          Post: { responses: {} },
          connect: { responses: {} },
          put: { responses: {} },
        },
        '/not-an-item': 'text',
        '/null': null,
      },
    });
    expect(names(model)).toEqual(['put /a']);
    expect(isHttpMethod('get')).toBe(true);
    expect(isHttpMethod('GET')).toBe(false);
    expect(isHttpMethod('parameters')).toBe(false);
    expect(HTTP_METHODS).toHaveLength(8);
  });

  it('follow a path item $ref, and leave out a method whose value is no object', () => {
    const model = OpenApiModel.of({
      openapi: '3.1.0',
      paths: { '/a': { $ref: '#/components/pathItems/A' }, '/b': { get: 'text', put: null }, '/c': { $ref: '#/none' } },
      components: { pathItems: { A: { get: { operationId: 'getA' } } } },
    });
    expect(names(model)).toEqual(['get /a']);
    expect(only(model, 'get', '/a').operation).toEqual({
      source: '',
      path: ['components', 'pathItems', 'A', 'get'],
      value: { operationId: 'getA' },
    });
  });

  it('are read once', () => {
    const model = OpenApiModel.of({ openapi: '3.0.3', paths: { '/a': { get: {} } } });
    expect(model.operations()).toBe(model.operations());
  });
});

describe('the parameters of an operation', () => {
  const shared = [
    { name: 'id', in: 'path', required: true },
    { name: 'lang', in: 'query' },
    { name: 'X-Trace', in: 'header' },
    { $ref: '#/components/parameters/Page' },
  ];
  const document = {
    openapi: '3.0.3',
    paths: {
      '/a/{id}': {
        parameters: shared,
        get: {
          parameters: [
            { name: 'extra', in: 'query' },
            { name: 'lang', in: 'query', required: true },
            { name: 'x-trace', in: 'header', required: true },
            { name: 'lang', in: 'header' },
          ],
        },
        put: { parameters: [{ $ref: '#/components/parameters/Id' }, { $ref: '#/components/parameters/Missing' }] },
        delete: {},
      },
    },
    components: {
      parameters: {
        Page: { name: 'page', in: 'query' },
        Id: { name: 'id', in: 'path', required: true, description: 'shared' },
      },
    },
  };
  const model = OpenApiModel.of(document);

  it("are the path item's, one the operation overrides (same `in` and name) replaced in place, then the operation's", () => {
    expect(parametersOf(model, only(model, 'get', '/a/{id}'))).toEqual([
      { key: 'path:id', level: 'path', at: ['paths', '/a/{id}', 'parameters', 0] },
      { key: 'query:lang', level: 'operation', at: ['paths', '/a/{id}', 'get', 'parameters', 1] },
      // Header names compare without case, as HTTP compares them.
      { key: 'header:x-trace', level: 'operation', at: ['paths', '/a/{id}', 'get', 'parameters', 2] },
      { key: 'query:page', level: 'path', at: ['components', 'parameters', 'Page'] },
      { key: 'query:extra', level: 'operation', at: ['paths', '/a/{id}', 'get', 'parameters', 0] },
      // The same name in another place is another parameter.
      { key: 'header:lang', level: 'operation', at: ['paths', '/a/{id}', 'get', 'parameters', 3] },
    ]);
  });

  it('follow $refs at both levels; a broken one is left out', () => {
    const put = model.parameters(only(model, 'put', '/a/{id}').pathItem, only(model, 'put', '/a/{id}').operation);
    expect(put.map((p) => [p.key, p.level, p.index])).toEqual([
      ['path:id', 'operation', 0],
      ['query:lang', 'path', 1],
      ['header:x-trace', 'path', 2],
      ['query:page', 'path', 3],
    ]);
    expect(put[0]?.node.value).toEqual(document.components.parameters.Id);
    expect(put[0]?.node.path).toEqual(['components', 'parameters', 'Id']);
  });

  it("are the path item's alone for an operation with none", () => {
    const del = only(model, 'delete', '/a/{id}');
    expect(model.parameters(del.pathItem, del.operation).map((p) => p.name)).toEqual(['id', 'lang', 'X-Trace', 'page']);
  });

  it('keep duplicates within one list, as written (lint reports them)', () => {
    const twice = OpenApiModel.of({
      openapi: '3.0.3',
      paths: {
        '/a': {
          get: {
            parameters: [
              { name: 'q', in: 'query' },
              { name: 'q', in: 'query' },
            ],
          },
        },
      },
    });
    const get = only(twice, 'get', '/a');
    expect(twice.parameters(get.pathItem, get.operation).map((p) => p.index)).toEqual([0, 1]);
  });

  it('as written: $refs are not followed (a document Spectral already resolved)', () => {
    const written = OpenApiModel.of(document, { asWritten: true });
    const put = only(written, 'put', '/a/{id}');
    expect(written.parameters(put.pathItem, put.operation).map((p) => p.node.value)).toEqual([
      shared[0],
      shared[1],
      shared[2],
      // An unread $ref has no `in` nor name: the operation's stands in place of the path item's.
      { $ref: '#/components/parameters/Id' },
      { $ref: '#/components/parameters/Missing' },
    ]);
  });
});

describe('request bodies, responses, media types and security', () => {
  const document = {
    openapi: '3.0.3',
    security: [{ apiKey: [] }],
    paths: {
      '/a': {
        post: {
          requestBody: { $ref: '#/components/requestBodies/A' },
          responses: { '201': { description: 'created' }, default: { $ref: '#/components/responses/Problem' } },
          security: [],
        },
        get: { responses: {} },
      },
    },
    components: {
      requestBodies: { A: { content: { 'application/json': { schema: { type: 'object' } }, 'text/plain': {} } } },
      responses: { Problem: { description: 'problem', content: { 'application/problem+json': {} } } },
    },
  };
  const model = OpenApiModel.of(document);
  const post = only(model, 'post', '/a');
  const get = only(model, 'get', '/a');

  it('follow their $refs', () => {
    expect(model.requestBody(post.operation).path).toEqual(['components', 'requestBodies', 'A']);
    expect(model.requestBody(get.operation).value).toBeUndefined();
    expect(model.responses(post.operation).map((r) => [r.status, r.node.path])).toEqual([
      ['201', ['paths', '/a', 'post', 'responses', '201']],
      ['default', ['components', 'responses', 'Problem']],
    ]);
    expect(model.content(model.requestBody(post.operation)).map((m) => m.mediaType)).toEqual([
      'application/json',
      'text/plain',
    ]);
    expect(model.content(model.responses(post.operation)[1]!.node).map((m) => m.mediaType)).toEqual([
      'application/problem+json',
    ]);
  });

  it("security: the operation's own (an empty list too), else the document's", () => {
    expect(model.security(post.operation)).toMatchObject({ path: ['paths', '/a', 'post', 'security'], value: [] });
    expect(model.security(get.operation)).toMatchObject({ path: ['security'], value: [{ apiKey: [] }] });
  });
});

describe('across files (diff)', () => {
  it('follows $refs into another file and says which file each value is in', () => {
    const files: Record<string, unknown> = {
      'root.yaml': { openapi: '3.0.3', paths: { '/a': { $ref: 'paths.yaml#/A' } } },
      'paths.yaml': { A: { get: { parameters: [{ $ref: 'root.yaml#/components/parameters/Q' }] } } },
    };
    (files['root.yaml'] as Record<string, unknown>)['components'] = { parameters: { Q: { name: 'q', in: 'query' } } };
    const model = new OpenApiModel(
      { dataOf: (source) => files[source], locate: (_from, file) => file },
      { source: 'root.yaml', path: [], value: files['root.yaml'] },
    );
    const [op] = model.operations();
    expect(op?.operation).toMatchObject({ source: 'paths.yaml', path: ['A', 'get'] });
    expect(model.parameters(op!.pathItem, op!.operation)[0]?.node).toMatchObject({
      source: 'root.yaml',
      path: ['components', 'parameters', 'Q'],
    });
  });
});

describe('Swagger 2.0', () => {
  const swagger = {
    swagger: '2.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a/{id}': {
        parameters: [{ $ref: '#/parameters/Id' }],
        get: { parameters: [{ name: 'q', in: 'query', type: 'string' }], responses: { '200': { description: 'ok' } } },
        post: {
          parameters: [{ name: 'body', in: 'body', schema: { type: 'object' } }],
          responses: { '201': { description: 'created' } },
        },
        'x-note': 'kept aside',
      },
    },
    parameters: { Id: { name: 'id', in: 'path', required: true, type: 'string' } },
  };

  it('has no trace method', () => {
    expect(SWAGGER_2_METHODS).toEqual(HTTP_METHODS.filter((method) => method !== 'trace'));
  });

  it('reads the same operations and parameters as written and as lint and --openapi convert it', async () => {
    const asWritten = OpenApiModel.of(swagger);
    expect(names(asWritten)).toEqual(['get /a/{id}', 'post /a/{id}']);
    const get = only(asWritten, 'get', '/a/{id}');
    expect(asWritten.parameters(get.pathItem, get.operation).map((p) => p.key)).toEqual(['path:id', 'query:q']);

    const folder = mkdtempSync(join(tmpdir(), 'restguide-swagger-'));
    writeFileSync(join(folder, 'swagger.json'), JSON.stringify(swagger));
    for (const converted of [convertSwagger(swagger), await loadOpenApi('swagger.json', folder)]) {
      const model = OpenApiModel.of(converted);
      expect(names(model)).toEqual(['get /a/{id}', 'post /a/{id}']);
      const op = only(model, 'get', '/a/{id}');
      expect(model.parameters(op.pathItem, op.operation).map((p) => p.key)).toEqual(['path:id', 'query:q']);
      // The body parameter became the request body.
      expect(model.content(model.requestBody(only(model, 'post', '/a/{id}').operation)).length).toBeGreaterThan(0);
    }
  });
});
