// The readers of the model: what each now gets from it that it read its own way before.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/core/engine/exchange.js';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import { OperationTally } from '../../src/traffic/operations.js';

const exchange = (method: string, url: string, status: number): Exchange =>
  ({ request: { method, url, headers: {} }, response: { status, headers: {} } }) as unknown as Exchange;

describe('traffic coverage', () => {
  const document = {
    openapi: '3.1.0',
    paths: {
      '/b': { $ref: '#/components/pathItems/B' },
      '/a': { summary: 'a', GET: { responses: {} }, trace: { responses: {} }, get: { responses: { '200': {} } } },
    },
    components: { pathItems: { B: { delete: { responses: { '204': {} } }, get: { responses: {} } } } },
  };

  it("counts the model's operations: a path item's $ref followed, `GET` and `summary` none, methods in OpenAPI order", () => {
    const tally = new OperationTally(document, 'http://127.0.0.1:1/api');
    tally.add(exchange('GET', 'http://127.0.0.1:1/api/a', 200));
    tally.add(exchange('DELETE', 'http://127.0.0.1:1/api/b', 204));
    const operations = tally.result().operations ?? [];
    expect(operations.map((op) => `${op.method} ${op.path} ${op.exchanges}`)).toEqual([
      'GET /b 0',
      'DELETE /b 1',
      'GET /a 1',
      'TRACE /a 0',
    ]);
    expect(operations[1]?.declared).toEqual(['204']);
  });
});

describe('the profile --openapi derives', () => {
  it('lists a query parameter that both the path item and its GET declare once (the operation overrides it)', () => {
    const profile = deriveProfile({
      openapi: '3.0.3',
      paths: {
        '/widgets': {
          parameters: [
            { name: 'colour', in: 'query', schema: { type: 'string', enum: ['red'] } },
            { name: 'shape', in: 'query', schema: { type: 'integer' } },
          ],
          get: {
            parameters: [{ name: 'colour', in: 'query', schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { items: { type: 'array', items: { type: 'object', properties: { id: {} } } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    // Once, and free text as the GET declares it (it was listed twice, once as an enum).
    expect(profile.collections?.[0]?.filters).toEqual(['colour', 'shape']);
  });
});
