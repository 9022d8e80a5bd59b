// Reading declarations from an OpenAPI document: merged parameters, and multi-language texts found along a schema.
import { describe, expect, it } from 'vitest';
import { isLocalizedSchema, localizedValues } from '../../../src/checks/i18n/support/localized-schema.js';
import { getOperation } from '../../../src/checks/support/api-openapi.js';

const doc = {
  openapi: '3.0.3',
  paths: {
    '/countries/{code}': {
      parameters: [
        { name: 'code', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'lang', in: 'query', schema: { type: 'integer' } },
      ],
      get: {
        parameters: [{ $ref: '#/components/parameters/Lang' }],
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Country' } } } } },
      },
    },
  },
  components: {
    parameters: { Lang: { name: 'lang', in: 'query', schema: { type: 'string', enum: ['fr', 'nl'] } } },
    schemas: {
      Text: { type: 'object', properties: { fr: { type: 'string' }, nl: { type: 'string' }, de: { type: 'string' } } },
      Named: { type: 'object', properties: { name: { $ref: '#/components/schemas/Text' } } },
      Country: {
        allOf: [
          { $ref: '#/components/schemas/Named' },
          {
            type: 'object',
            properties: {
              code: { type: 'string' },
              regions: { type: 'array', items: { $ref: '#/components/schemas/Named' } },
              embedded: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Named' } },
            },
          },
        ],
      },
    },
  },
};

describe('reading an OpenAPI document', () => {
  it('merges path and operation parameters, the operation winning, through $ref', () => {
    const get = getOperation(doc, '/countries/{code}');
    expect(get?.parameters.map((p) => `${String(p['in'])} ${String(p['name'])}`)).toEqual(['path code', 'query lang']);
    expect(get?.parameters[1]?.['schema']).toEqual({ type: 'string', enum: ['fr', 'nl'] });
    expect(getOperation(doc, '/countries')).toBeUndefined();
  });

  it('takes an object of language-code properties for a multi-language text, and nothing else', () => {
    expect(isLocalizedSchema(doc, { $ref: '#/components/schemas/Text' })).toBe(true);
    expect(isLocalizedSchema(doc, { type: 'object', properties: { fr: { type: 'string' } } })).toBe(false);
    expect(isLocalizedSchema(doc, { type: 'object', properties: { fr: {}, code: {} } })).toBe(false);
    expect(isLocalizedSchema(doc, { type: 'string' })).toBe(false);
  });

  it('finds the texts along allOf, arrays and additionalProperties', () => {
    const body = {
      code: 'BE',
      name: { fr: 'Belgique', nl: 'België' },
      regions: [{ name: 'Flandre' }, { name: null }],
      embedded: { 'http://x/1': { name: { fr: 'Un' } } },
    };
    const schema = doc.paths['/countries/{code}'].get.responses[200].content['application/json'].schema;
    expect(localizedValues(doc, schema, body)).toEqual([
      { where: 'name', value: { fr: 'Belgique', nl: 'België' } },
      { where: 'regions[0].name', value: 'Flandre' },
      { where: 'embedded["http://x/1"].name', value: { fr: 'Un' } },
    ]);
  });
});
