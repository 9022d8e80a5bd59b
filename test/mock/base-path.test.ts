// A document whose paths all carry the base path (`/api/v1/things`, with no servers or with servers
// naming it too) is served below that base path, where check looks for it and for /health and /doc.
import { describe, expect, it } from 'vitest';
import { startMock } from '../../src/mock/server.js';
import { checkAgainst, get, send, type Json } from '../helpers/mock-api.js';

const things = (servers?: Json[]): Json => ({
  openapi: '3.0.3',
  info: { title: 'Things', version: '1.0.0' },
  ...(servers ? { servers } : {}),
  paths: {
    '/api/v1/things': {
      get: {
        responses: {
          '200': {
            description: 'all',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/api/v1/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        responses: {
          '200': {
            description: 'one',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { thingId: { type: 'integer' }, name: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
  },
});

describe('paths that carry their base path', () => {
  it('are served below it, with /health, /doc and the problem type pages beside them', async () => {
    for (const servers of [undefined, [{ url: '/api/v1' }], [{ url: 'https://things.example.org/api/v1' }]]) {
      const document = things(servers);
      const mock = await startMock(document, { seed: 3 });
      try {
        expect(new URL(mock.url).pathname).toBe('/api/v1');
        const list = await get(`${mock.url}/things`);
        expect(list.status).toBe(200);
        const href = String((list.json!['items'] as Json[])[0]!['href']);
        expect(href.startsWith(`${mock.url}/things/`)).toBe(true);
        expect((await get(href)).status).toBe(200);
        expect((await get(`${mock.url}/health`)).status).toBe(200);
        expect((await get(`${mock.url}/doc/openapi.json`)).json).toEqual(document);
        const refused = await send('DELETE', `${mock.url}/things`);
        expect((await get(String(refused.json!['href']))).status).toBe(200);
      } finally {
        await mock.close();
      }
    }
  });

  it('pass the reserved checks that look below the base path', async () => {
    const document = things();
    const mock = await startMock(document, { seed: 3 });
    try {
      const { results } = await checkAgainst(mock.url, document);
      for (const id of ['doc.openapi-json', 'doc.openapi-yaml', 'health.health-status'])
        expect(results.find((r) => r.id === id)?.status, id).toBe('pass');
    } finally {
      await mock.close();
    }
  }, 60_000);

  it('takes --data named by the path as the document writes it, or below the base path', async () => {
    for (const name of ['/api/v1/things', '/things']) {
      const mock = await startMock(things(), { data: { [name]: [{ thingId: 7, name: 'seven' }] } });
      try {
        expect((await get(`${mock.url}/things/7`)).json).toEqual({ thingId: 7, name: 'seven' });
      } finally {
        await mock.close();
      }
    }
  });
});
