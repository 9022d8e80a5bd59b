// What --openapi derives for the write and select checks: unique create values, item paths, methods, select.
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { HttpClient } from '../../src/core/http/http-client.js';
import { deriveProfile, malformedStrings, uniqueValueOf } from '../../src/core/profile/openapi-profile.js';
import { checkProfile, resolveTarget, type Profile } from '../../src/core/profile/profile.js';
import { supportsMethod } from '../../src/core/profile/target.js';

const ok = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const page = (item: object) => ok({ type: 'object', properties: { items: { type: 'array', items: item } } });
const body = (schema: object, example: object) => ({ content: { 'application/json': { schema, example } } });
const idParam = (name: string, schema: object) => ({ name, in: 'path', required: true, schema });

/** A small API: /widgets (created, deleted), /gadgets (created, never deleted), /parts (read-only, no list). */
const API = {
  openapi: '3.0.3',
  paths: {
    '/widgets/{widgetId}': {
      parameters: [idParam('widgetId', { $ref: '#/components/schemas/WidgetId' })],
      get: {
        parameters: [{ name: 'select', in: 'query', schema: { type: 'string' } }],
        responses: ok({ $ref: '#/components/schemas/Widget' }),
      },
      patch: { requestBody: body({ type: 'object' }, { colour: 'red' }), responses: ok({}) },
      delete: { responses: { 204: { description: 'gone' } } },
    },
    '/widgets': {
      get: {
        responses: page({
          type: 'object',
          properties: { href: { type: 'string' }, widgetId: { $ref: '#/components/schemas/WidgetId' } },
        }),
      },
      post: {
        requestBody: body({ $ref: '#/components/schemas/Widget' }, { widgetId: 7, name: 'seven', colour: 'blue' }),
        responses: { 201: { description: 'created' } },
      },
    },
    '/gadgets': {
      get: { responses: page({ type: 'object', properties: { ssin: { type: 'string' } } }) },
      post: {
        requestBody: body(
          { type: 'object', properties: { ssin: { type: 'string', pattern: '^[0-9]{11}$' } } },
          { ssin: '00010112345' },
        ),
        responses: { 201: { description: 'created' } },
      },
    },
    '/gadgets/{ssin}': {
      get: { parameters: [idParam('ssin', { type: 'string' })], responses: ok({ type: 'object' }) },
      put: { responses: ok({}) },
    },
    '/parts/{partId}': {
      get: {
        parameters: [idParam('partId', { type: 'integer', minimum: 1, maximum: 999, example: 12 })],
        responses: ok({ type: 'object' }),
      },
    },
  },
  components: {
    schemas: {
      WidgetId: { type: 'integer', minimum: 0, maximum: 1000 },
      Widget: {
        type: 'object',
        properties: {
          widgetId: { $ref: '#/components/schemas/WidgetId' },
          name: { type: 'string' },
          colour: { type: 'string' },
        },
      },
    },
  },
};

const profile = deriveProfile(API);
const collection = (path: string) => profile.collections?.find((c) => c.path === path);
const document = (path: string) => profile.documents?.find((d) => d.path === path);

describe('unique values of a create body, from the business key schema', () => {
  it('an integer range gives the upper tenth below the maximum (the maximum is the absent id)', () => {
    expect(uniqueValueOf('id', { type: 'integer', minimum: 0, maximum: 5_999_999_999 })).toEqual({
      path: 'id',
      kind: 'integer',
      min: 5_399_999_999,
      max: 5_999_999_998,
    });
    expect(uniqueValueOf('id', { type: 'integer', minimum: 1, maximum: 101 })).toEqual({
      path: 'id',
      kind: 'integer',
      min: 91,
      max: 100,
    });
    expect(uniqueValueOf('id', { type: 'integer', minimum: 3, maximum: 4 })).toEqual({
      path: 'id',
      kind: 'integer',
      min: 3,
      max: 4,
    });
    expect(uniqueValueOf('id', { type: 'integer' })).toMatchObject({ kind: 'integer', max: 2 ** 31 - 2 });
  });

  it('a digits-only pattern gives digits of its length; another string a suffixed string; other types nothing', () => {
    expect(uniqueValueOf('ssin', { type: 'string', pattern: '^[0-9]{11}$' })).toEqual({
      path: 'ssin',
      kind: 'digits',
      length: 11,
    });
    expect(uniqueValueOf('code', { type: 'string', pattern: '^\\d{4,6}$' })).toEqual({
      path: 'code',
      kind: 'digits',
      length: 6,
    });
    // Another pattern: the value made is the example's varied within it (see the bodies made from schemas below).
    expect(uniqueValueOf('nr', { type: 'string', pattern: '^[01][0-9]{9}$' })).toEqual({
      path: 'nr',
      kind: 'string',
      pattern: '^[01][0-9]{9}$',
    });
    expect(uniqueValueOf('name', { type: 'string' })).toEqual({ path: 'name', kind: 'string' });
    // A key the run makes fits its column: the declared maxLength bounds it.
    expect(uniqueValueOf('code', { type: 'string', maxLength: 20 })).toEqual({
      path: 'code',
      kind: 'string',
      length: 20,
    });
    expect(uniqueValueOf('flag', { type: 'boolean' })).toBeUndefined();
    expect(uniqueValueOf('x', undefined)).toBeUndefined();
  });

  it('the derived collection carries the key of its create body as unique, through $refs', () => {
    expect(collection('/widgets')?.create).toEqual({
      body: { widgetId: 7, name: 'seven', colour: 'blue' },
      unique: [{ path: 'widgetId', kind: 'integer', min: 900, max: 999 }],
    });
  });
});

describe('malformed ids of a string parameter, from its pattern', () => {
  it('takes a letters-only and a digits-only candidate the pattern refuses', () => {
    expect(malformedStrings({ type: 'string', pattern: '^[0-9]{11}$' })).toEqual(['abc', '0']);
    expect(malformedStrings({ type: 'string', pattern: '^[a-z][a-zA-Z0-9]{0,49}$' })).toEqual(['0']);
    expect(malformedStrings({ type: 'string', pattern: '^[a-z]{1,5}$' })).toEqual(['abcdefghijk', '0']);
    expect(malformedStrings({ type: 'string', pattern: '(' })).toEqual([]);
    expect(malformedStrings({ type: 'string' })).toEqual([]);
    expect(malformedStrings({ type: 'integer', pattern: '^1$' })).toEqual([]);
  });
  it('takes `abc` for a strict format, with the pattern candidates besides', () => {
    expect(malformedStrings({ type: 'string', format: 'uuid' })).toEqual(['abc']);
    expect(malformedStrings({ type: 'string', format: 'date', pattern: '^[0-9-]{10}$' })).toEqual(['abc', '0']);
    expect(malformedStrings({ type: 'string', format: 'uri' })).toEqual([]);
  });
});

describe('item paths, methods and select', () => {
  it('names the document path under a collection, whatever the order of the paths', () => {
    expect(collection('/widgets')?.itemPath).toBe('/widgets/{widgetId}');
    expect(collection('/gadgets')?.itemPath).toBe('/gadgets/{ssin}');
  });

  it('derives no create body when the item path has no DELETE: what the checks create they must remove', () => {
    expect(collection('/gadgets')?.create).toBeUndefined();
  });

  it('lists the methods of the path item and whether GET declares select', () => {
    expect(document('/widgets/{widgetId}')).toMatchObject({
      methods: ['GET', 'PATCH', 'DELETE'],
      select: true,
      update: 'patch',
      patch: { colour: 'red' },
    });
    expect(document('/gadgets/{ssin}')).toMatchObject({ methods: ['GET', 'PUT'], select: false, update: 'put' });
    expect(document('/parts/{partId}')).toMatchObject({ methods: ['GET'], select: false });
  });

  it('reads sample ids from the parent collection by its key, else takes the parameter example', () => {
    expect(document('/widgets/{widgetId}')).toMatchObject({
      sampleIdsFrom: { collection: '/widgets', property: 'widgetId' },
    });
    expect(document('/widgets/{widgetId}')?.sampleIds).toBeUndefined();
    expect(document('/parts/{partId}')).toMatchObject({ sampleIds: ['12'] });
    // An id is absent only on evidence: a schema's maximum may exist (a mock answers it 200).
    expect(document('/parts/{partId}')).not.toHaveProperty('absentId');
    expect(document('/parts/{partId}')?.sampleIdsFrom).toBeUndefined();
  });

  it('gives a valid profile', () => {
    expect(checkProfile(JSON.parse(JSON.stringify(profile)), 'derived')).toBeTruthy();
    expect(() => checkProfile({ documents: [{ path: '/a/{id}', methods: ['FETCH'] }] }, 'p.yaml')).toThrow(
      /\/documents\/0\/methods\/0 is `FETCH`, not one of the allowed values `GET`, `HEAD`, /,
    );
    expect(() => checkProfile({ documents: [{ path: '/a/{id}', select: 'yes' }] }, 'p.yaml')).toThrow(
      /\/documents\/0\/select must be boolean/,
    );
  });
});

describe('resolving methods, select and creators', () => {
  const resolve = async (p: Profile) => {
    const client = new HttpClient({
      baseUrl: 'http://127.0.0.1:9',
      allowWrites: false,
      timeoutMs: 1000,
      concurrency: 1,
    });
    try {
      return await resolveTarget(p, client);
    } finally {
      await client.close();
    }
  };
  const create = { body: { name: 'x' } };

  it("a document without DELETE gets no creator; one that does not list its methods keeps today's behaviour", async () => {
    const target = await resolve({
      collections: [
        { path: '/a', itemPath: '/a/{id}', create },
        { path: '/b', itemPath: '/b/{id}', create },
      ],
      documents: [
        { path: '/a/{id}', sampleIds: ['1'], methods: ['GET', 'PUT'] },
        { path: '/b/{id}', sampleIds: ['1'] },
      ],
    });
    const [a, b] = target.documents;
    expect(a?.creator).toBeUndefined();
    expect(b?.creator?.path).toBe('/b');
    expect(a && supportsMethod(a, 'delete')).toBe(false);
    expect(a && supportsMethod(a, 'PUT')).toBe(true);
    expect(b && supportsMethod(b, 'DELETE')).toBe(true);
    expect(b?.methods).toBeUndefined();
  });

  it('select is false unless the profile says so', async () => {
    const target = await resolve({ documents: [{ path: '/a/{id}', select: true }, { path: '/b/{id}' }] });
    expect(target.documents.map((d) => d.select)).toEqual([true, false]);
  });
});

describe('values the run makes fit the member they go to (field: NestJS, DRF, Platformatic)', () => {
  /** /bookings: a patterned key with an example, a 10-character unique text, plain strings named as times. */
  const bookings = {
    openapi: '3.0.3',
    paths: {
      '/bookings': {
        get: {
          responses: page({ type: 'object', properties: { code: { type: 'string' }, ref: { type: 'string' } } }),
        },
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Booking' } } } },
          responses: { 201: { description: 'created' } },
        },
      },
      '/bookings/{code}': {
        parameters: [idParam('code', { type: 'string', pattern: '^[01][0-9]{9}$' })],
        get: { responses: ok({ $ref: '#/components/schemas/Booking' }) },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
    components: {
      schemas: {
        Booking: {
          type: 'object',
          required: ['code', 'ref', 'startsAt', 'endsAt'],
          properties: {
            code: { type: 'string', pattern: '^[01][0-9]{9}$', example: '0123456789' },
            ref: { type: 'string', maxLength: 10 },
            startsAt: { type: 'string' },
            endsAt: { type: 'string' },
            created_at: { type: 'string' },
            openedOn: { type: 'string' },
            birthDate: { type: 'string' },
            country: { type: 'string', maxLength: 2 },
            note: { type: 'string' },
          },
        },
      },
    },
  };

  it('a plain string named as a moment or a day gets a date-time or a date, never made unique', () => {
    const create = deriveProfile(bookings).collections?.[0]?.create;
    expect(create?.body).toMatchObject({
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
      openedOn: '2026-01-01',
      birthDate: '2026-01-01',
    });
    // Optional and named as the server keeps it: the server's to set, not the run's.
    expect(create?.body).not.toHaveProperty('created_at');
    expect(create?.body['note']).toBe('restguide sample');
    expect(create?.unique?.map((u) => u.path).sort()).toEqual(['code', 'note', 'ref']);
  });

  it('a key keeps its pattern and a short unique text its random part, on every POST', async () => {
    const client = new HttpClient({
      baseUrl: 'http://127.0.0.1:9',
      allowWrites: false,
      timeoutMs: 1000,
      concurrency: 1,
    });
    try {
      const target = await resolveTarget(deriveProfile(bookings), client);
      const bodies = Array.from({ length: 20 }, () => target.collections[0]?.createBody() ?? {});
      const codes = bodies.map((b) => String(b['code']));
      expect(codes.every((code) => /^[01][0-9]{9}$/.test(code))).toBe(true);
      expect(new Set(codes).size).toBe(20);
      const refs = bodies.map((b) => String(b['ref']));
      expect(refs.every((ref) => ref.length <= 10)).toBe(true);
      expect(new Set(refs).size).toBe(20);
      // A 2-letter code stays as made; a time stays a time.
      expect(new Set(bodies.map((b) => b['country']))).toEqual(new Set(['re']));
      expect(new Set(bodies.map((b) => b['startsAt']))).toEqual(new Set(['2026-01-01T00:00:00Z']));
    } finally {
      await client.close();
    }
  });
});

describe('the key of items listed in a shape the document does not declare', () => {
  it('is the member the create requires that the item path names', () => {
    const schema = {
      type: 'object',
      required: ['enterpriseNumber', 'name'],
      properties: {
        enterpriseNumber: { type: 'string', pattern: '^[01][0-9]{9}$', example: '0123456789' },
        name: { type: 'string' },
      },
    };
    const doc = {
      openapi: '3.0.3',
      paths: {
        // NestJS without a response type: the list's shape is not declared.
        '/employers': {
          get: { responses: { 200: { description: 'a page' } } },
          post: {
            requestBody: { content: { 'application/json': { schema } } },
            responses: { 201: { description: 'created' } },
          },
        },
        '/employers/{enterpriseNumber}': {
          parameters: [idParam('enterpriseNumber', { type: 'string' })],
          get: { responses: ok(schema) },
          delete: { responses: { 204: { description: 'gone' } } },
        },
      },
    };
    const collection = deriveProfile(doc).collections?.[0];
    expect(collection?.key).toBe('enterpriseNumber');
    expect(collection?.create?.unique).toEqual([
      { path: 'enterpriseNumber', kind: 'string', pattern: '^[01][0-9]{9}$' },
      { path: 'name', kind: 'string' },
    ]);
  });
});

describe('a body made from the schema fits every member (field: LoopBack, DRF, tsoa, Feathers, FastAPI)', () => {
  /** /schools: members the third field pass saw refused, each with what its framework declared. */
  const School = {
    type: 'object',
    required: ['enterpriseNumber', 'quarter', 'municipalityNis', 'iban', 'network', 'level', 'reference'],
    properties: {
      enterpriseNumber: { type: 'string', pattern: '^[01][0-9]{9}$' },
      quarter: { type: 'string', pattern: '^20[0-9]{2}-Q[1-4]$', maxLength: 7 },
      municipalityNis: { type: 'string', pattern: '^[1-9][0-9]{4}$' },
      iban: { type: 'string', pattern: '^BE[0-9]{14}$' },
      network: { anyOf: ['GO', 'OVSG', 'POV'].map((value) => ({ const: value, type: 'string' })) },
      level: {
        oneOf: [
          { type: 'string', enum: ['primary'] },
          { type: 'string', enum: ['secondary'] },
        ],
      },
      reference: { type: 'string', pattern: '^OMV_[0-9]{10}$' },
      name: { type: 'string', maxLength: 120 },
    },
  };
  const schools = {
    openapi: '3.0.3',
    paths: {
      '/schools': {
        get: { responses: page({ $ref: '#/components/schemas/School' }) },
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/School' } } } },
          responses: { 201: { description: 'created' } },
        },
      },
      '/schools/{enterpriseNumber}': {
        parameters: [idParam('enterpriseNumber', { type: 'string', pattern: '^[01][0-9]{9}$' })],
        get: { responses: ok({ $ref: '#/components/schemas/School' }) },
        patch: {
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { network: School.properties.network } } },
            },
          },
          responses: ok({ $ref: '#/components/schemas/School' }),
        },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
    components: { schemas: { School } },
  };

  it('every POST body validates against the request schema, its key fresh each time', async () => {
    const validate = new Ajv({ strict: false }).compile(School);
    const client = new HttpClient({
      baseUrl: 'http://127.0.0.1:9',
      allowWrites: false,
      timeoutMs: 1000,
      concurrency: 1,
    });
    try {
      const profile = deriveProfile(schools);
      const target = await resolveTarget(profile, client);
      const bodies = Array.from({ length: 20 }, () => target.collections[0]?.createBody() ?? {});
      for (const body of bodies) expect([body, validate(body) ? [] : validate.errors]).toEqual([body, []]);
      expect(new Set(bodies.map((b) => b['enterpriseNumber'])).size).toBe(20);
      // A patterned code the API may keep unique (FastAPI's permit reference) is fresh on each POST too.
      expect(new Set(bodies.map((b) => b['reference'])).size).toBe(20);
      // A union of literals is one of them, never made unique as free text.
      expect(new Set(bodies.map((b) => b['network']))).toEqual(new Set(['GO']));
      expect(profile.documents?.[0]?.patch).toEqual({ network: 'OVSG' });
    } finally {
      await client.close();
    }
  });
});
