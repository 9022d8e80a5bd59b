// The sixth field pass (Sails 1.5, sails-hook-swagger-generator): POST /bike's schema requires `serial` in a
// second allOf branch, declares `station` as a oneOf of the Station record ("or FK"), and lists `id`, `createdAt`
// and `updatedAt` without readOnly. The body sent every member as optional, `station` as a whole made-up Station
// (refused with 400) and the server's own members as the run's values (stored as sent).
import { describe, expect, it } from 'vitest';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';

type Json = Record<string, unknown>;

const model = (name: string, properties: Json, required: string[]): Json => ({
  [name]: {
    type: 'object',
    allOf: [{ $ref: `#/components/schemas/${name}-without-required-constraint` }, { required }],
  },
  [`${name}-without-required-constraint`]: { type: 'object', properties },
});
const timestamps = {
  createdAt: { type: 'number', format: 'double' },
  updatedAt: { type: 'number', format: 'double' },
  id: { type: 'integer', format: 'int64', uniqueItems: true },
};
const ok = (schema: Json) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const idParam = { name: '_id', in: 'path', required: true, schema: { type: 'integer' } };

/** Sails' generated document for /bike, `relation` the schema of its `station` member. */
const sails = (relation: Json): Json => ({
  openapi: '3.0.0',
  components: {
    schemas: {
      ...model(
        'bike',
        {
          ...timestamps,
          serial: { type: 'string', pattern: '^[A-Z]{2}-[0-9]{5}$' },
          kind: { type: 'string', enum: ['classic', 'electric'], default: 'classic' },
          inService: { type: 'boolean', default: true },
          station: relation,
        },
        ['serial'],
      ),
      ...model('station', { ...timestamps, name: { type: 'string', maxLength: 60 } }, ['name']),
    },
  },
  paths: {
    '/bike': {
      get: { responses: ok({ type: 'array', items: ref('bike') }) },
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: ref('bike') } } },
        responses: ok(ref('bike')),
      },
    },
    '/bike/{_id}': {
      get: { parameters: [idParam], responses: ok(ref('bike')) },
      delete: { parameters: [idParam], responses: ok(ref('bike')) },
    },
  },
});

const createOf = (doc: Json) => deriveProfile(doc).collections?.find((c) => c.path === '/bike')?.create;

describe('a create body made from a framework-generated schema', () => {
  it('counts required members of allOf branches, sends a related record by its id, leaves out id and times', () => {
    const create = createOf(sails({ oneOf: [ref('station')] }));
    expect(create?.body).toEqual({
      serial: expect.stringMatching(/^[A-Z]{2}-[0-9]{5}$/) as string,
      kind: 'classic',
      inService: true,
      station: 1,
    });
    expect(create?.optional).toEqual(['kind', 'inService', 'station']);
    // The server assigns `id`: no value of the run's is sent for it.
    expect(create?.unique?.map((u) => u.path)).not.toContain('id');
  });

  it('takes the scalar alternative of a record-or-key member', () => {
    const create = createOf(sails({ oneOf: [ref('station'), { type: 'string', format: 'uuid' }] }));
    expect(create?.body?.['station']).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('sends a server-named member the schema requires', () => {
    const doc = sails({ oneOf: [ref('station')] });
    const schemas = (doc['components'] as Json)['schemas'] as Json;
    schemas['bike'] = {
      type: 'object',
      allOf: [ref('bike-without-required-constraint'), { required: ['serial', 'createdAt'] }],
    };
    expect(Object.keys(createOf(doc)?.body ?? {})).toContain('createdAt');
  });
});
