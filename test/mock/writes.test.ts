// Write bodies the guide's way whatever the schema leaves open: members the schema does not name are
// refused, and a PATCH is a merge patch under either media type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { send as exchange, type Json } from '../helpers/mock-api.js';

const item = { $ref: '#/components/schemas/Permit' };
const PERMITS: Json = {
  openapi: '3.0.3',
  info: { title: 'Permits', version: '1.0.0' },
  servers: [{ url: '/permits/v1' }],
  paths: {
    '/permits': {
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
      post: {
        requestBody: { content: { 'application/json': { schema: item } } },
        responses: { '201': { description: 'created' } },
      },
    },
    '/permits/{permitId}': {
      parameters: [{ name: 'permitId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: { responses: { '200': { description: 'one', content: { 'application/json': { schema: item } } } } },
      // A PATCH declared as application/json only, with a schema that requires `holder`.
      patch: {
        requestBody: { content: { 'application/json': { schema: item } } },
        responses: { '200': { description: 'patched', content: { 'application/json': { schema: item } } } },
      },
    },
  },
  components: {
    schemas: {
      Address: { type: 'object', properties: { street: { type: 'string' } } },
      Permit: {
        // No additionalProperties: the schema leaves other members open; the guide refuses them.
        type: 'object',
        required: ['holder'],
        properties: {
          permitId: { type: 'integer', readOnly: true },
          holder: { type: 'string' },
          address: { $ref: '#/components/schemas/Address' },
          extra: { type: 'object', additionalProperties: true },
        },
      },
    },
  },
};

const send = (method: string, url: string, body: Json, type = 'application/json') =>
  exchange(method, url, { body, type });

describe('write bodies', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(PERMITS, { seed: 8 });
  });
  afterAll(() => mock.close());

  it('are refused with an unknownInput issue for each member the schema does not name, nested too', async () => {
    const refused = await send('POST', `${mock.url}/permits`, {
      holder: 'me',
      colour: 'red',
      address: { street: 'Main', box: 3 },
      extra: { anything: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.json!['issues']).toEqual([
      expect.objectContaining({
        type: 'urn:problem-type:belgif:input-validation:unknownInput',
        in: 'body',
        name: 'colour',
      }),
      expect.objectContaining({ in: 'body', name: 'address.box', value: 3 }),
    ]);
    expect((await send('POST', `${mock.url}/permits`, { holder: 'me', extra: { anything: true } })).status).toBe(201);
  });

  it('of a PATCH are merge patches as application/merge-patch+json and application/json alike', async () => {
    const created = await send('POST', `${mock.url}/permits`, { holder: 'me', address: { street: 'Main' } });
    const location = String(created.headers['location']);
    for (const type of ['application/merge-patch+json', 'application/json']) {
      const patched = await send('PATCH', location, { address: { street: type } }, type);
      expect(patched.status, type).toBe(200);
      expect(patched.json).toMatchObject({ holder: 'me', address: { street: type } });
    }
    expect((await send('PATCH', location, { holder: 'you', colour: 'red' })).status).toBe(400);
  });
});
