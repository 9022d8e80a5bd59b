// Documents whose schemas ajv does not take as written: OpenAPI 3.0's `nullable` without `type` (common in
// generated descriptions) is validated as meant, and a schema that cannot compile takes any input, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { send as exchange, type Json } from '../helpers/mock-api.js';

const listOf = (ref: string) => ({
  '200': {
    description: 'all',
    content: {
      'application/json': {
        schema: { type: 'object', properties: { items: { type: 'array', items: { $ref: ref } } } },
      },
    },
  },
});

/** `/cases` with a nullable reference (no `type` beside `nullable`); `/files` whose body is in a file not there. */
const CASES: Json = {
  openapi: '3.0.3',
  info: { title: 'Cases', version: '1.0.0' },
  servers: [{ url: '/cases/v1' }],
  paths: {
    '/cases': {
      get: { responses: listOf('#/components/schemas/Case') },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Case' } } } },
        responses: { '201': { description: 'created' } },
      },
    },
    '/files': {
      get: { responses: listOf('#/components/schemas/Case') },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: 'common.yaml#/components/schemas/File' } } } },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: {
    schemas: {
      Status: { type: 'string', enum: ['open', 'closed'] },
      Case: {
        type: 'object',
        additionalProperties: false,
        properties: {
          caseId: { type: 'integer', readOnly: true },
          status: { nullable: true, allOf: [{ $ref: '#/components/schemas/Status' }] },
        },
      },
    },
  },
};

const send = (method: string, url: string, body?: Json) =>
  exchange(method, url, { headers: { accept: 'application/json' }, ...(body ? { body } : {}) });

describe('schemas ajv does not take as written', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(CASES, { seed: 2 });
  });
  afterAll(() => mock.close());

  it('validates `nullable` without `type` as OpenAPI 3.0 means it: null or the referenced schema', async () => {
    expect((await send('GET', `${mock.url}/cases`)).status).toBe(200);
    expect((await send('POST', `${mock.url}/cases`, { status: null })).status).toBe(201);
    expect((await send('POST', `${mock.url}/cases`, { status: 'open' })).status).toBe(201);
    const refused = await send('POST', `${mock.url}/cases`, { status: 'lost' });
    expect(refused.status).toBe(400);
    expect(refused.json!['issues']).toEqual([expect.objectContaining({ in: 'body', name: 'status', value: 'lost' })]);
  });

  it('takes any input where a schema cannot compile, rather than answering 500 to every request', async () => {
    expect((await send('GET', `${mock.url}/files`)).status).toBe(200);
    expect((await send('POST', `${mock.url}/files`, { anything: true })).status).toBe(201);
    expect((await send('GET', `${mock.url}/files?colour=red`)).status).toBe(400);
  });
});
