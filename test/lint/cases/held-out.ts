// Cases from the wrong findings of the held-out precision sample of issue 41's proof (a link
// schema's attribute describing a deprecation to come; a version-number enum on a version header).
// Written here from the shape seen, not copied from the descriptions.
import type { RuleCase } from '../harness.js';
import { op, queryParam, withPath, withSchemas } from '../documents.js';

type Json = Record<string, unknown>;
const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const enumOf = (...values: string[]): Json => ({ type: 'string', enum: values });

export const cases: Record<string, RuleCase[]> = {
  // cod-design is about "new code types": a version number offered in an enum is a number, not a code name.
  'cod-design': [
    {
      name: 'FP: version numbers in a version header and a property',
      errors: [],
      document: withPath(
        '/things',
        {
          get: op({
            parameters: [{ name: 'Api-Version', in: 'header', required: true, schema: enumOf('2026.0', '2025.1') }],
          }),
        },
        {
          components: {
            schemas: { Release: { type: 'object', properties: { schemaVersion: enumOf('1.0.0', 'v2.1') } } },
          },
        },
      ),
    },
    {
      name: 'codes with a dot or in capitals beside a version-like value: only the codes',
      errors: [
        { path: P('Release', 'properties', 'channel', 'enum'), message: /lowerCamelCase: beta\.channel, BETA$/ },
      ],
      document: withSchemas({
        Release: { type: 'object', properties: { channel: enumOf('stable', 'beta.channel', 'BETA', '3.0') } },
      }),
    },
    // Second held-out sample (a JSON-LD event stream): the value of @type names a vocabulary's class.
    {
      name: 'FP: JSON-LD @type values, one and a list of them',
      errors: [],
      document: withSchemas({
        Publisher: {
          type: 'object',
          properties: {
            '@type': { type: 'string', const: 'dcterms:Agent' },
            '@context': { type: 'array', items: enumOf('http://schema.org/') },
          },
        },
        Dataset: {
          type: 'object',
          properties: { '@type': { type: 'array', items: enumOf('dcat:Dataset', 'ldes:EventStream') } },
        },
      }),
    },
    {
      name: 'a code list beside JSON-LD keywords is judged',
      errors: [{ path: P('Publisher', 'properties', 'kind', 'enum') }],
      document: withSchemas({
        Publisher: {
          type: 'object',
          properties: { '@type': { type: 'string', const: 'dcterms:Agent' }, kind: enumOf('PUBLIC_BODY') },
        },
      }),
    },
  ],
  // JSON-LD 1.1's keywords (@context, @id, @type...) are spelled by that standard, and compact IRIs (tree:view)
  // by their vocabularies: neither is named by the API.
  'jsn-naming': [
    {
      name: "FP: JSON-LD keywords and compact IRIs (a context's term definitions, a vocabulary's terms)",
      errors: [],
      document: withSchemas({
        Catalog: {
          type: 'object',
          properties: {
            '@context': {
              type: 'object',
              properties: {
                tree: { type: 'string' },
                'tree:view': { type: 'object', properties: { '@type': { type: 'string' } } },
              },
            },
            '@id': { type: 'string', format: 'uri' },
            '@type': { type: 'string' },
            'dcterms:isVersionOf': { type: 'string' },
            title: { type: 'string' },
          },
        },
      }),
    },
    {
      name: 'names that only look like keywords or compact IRIs, and dotted names',
      errors: [
        { path: P('Catalog', 'properties', '@lang') },
        { path: P('Catalog', 'properties', 'Catalog.title') },
        { path: P('Catalog', 'properties', 'Dcterms:title') },
      ],
      document: withSchemas({
        Catalog: {
          type: 'object',
          properties: {
            '@lang': { type: 'string' },
            'Catalog.title': { type: 'string' },
            'Dcterms:title': { type: 'string' },
          },
        },
      }),
    },
  ],
  // Query parameters take the casing of JSON property names ("consistent throughout the API"): one-letter words pass.
  'uri-notat': [
    {
      name: 'FP: one-letter words in query parameter names',
      errors: [],
      document: withPath('/charts', {
        get: op({
          parameters: [
            queryParam('enableSecondaryYAxis', { type: 'boolean' }),
            queryParam('zIndex', { type: 'integer' }),
          ],
        }),
      }),
    },
    {
      name: 'an abbreviation in capitals',
      errors: [{ path: ['paths', '/charts', 'get', 'parameters', 0] }],
      document: withPath('/charts', {
        get: op({ parameters: [queryParam('stationID', { type: 'string' })] }),
      }),
    },
  ],
};
