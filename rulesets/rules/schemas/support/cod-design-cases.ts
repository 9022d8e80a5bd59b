// cod-design's cases about values other standards define (versions, JSON-LD terms, registered values).
import { type RuleCase } from '../../define.js';
import {
  ASYNC_BASE,
  enumOf,
  objectOf,
  op,
  P,
  queryParam,
  REUSE,
  schemasOf,
  v31,
  withPath,
  withSchemas,
} from '../../documents.js';

/** "Designing new codes": values a standard defines are not new code types; invented ones are. */
const definedByAStandard = (): RuleCase[] => [
  // "Designing new codes": values a standard defines are not new code types.

  {
    name: 'FP: HTTP methods, media types, paper sizes, language tags, time zones, URNs',
    errors: [],
    document: withSchemas({
      Callback: objectOf({
        statusCallbackMethod: enumOf('GET', 'POST'),
        mediaType: enumOf('application/pdf', 'image/png'),
        paperSize: enumOf('A4', 'Letter', 'Legal'),
        locale: enumOf('en-US', 'nl-BE'),
        timeZone: enumOf('Europe/Brussels', 'America/New_York'),
        grantType: enumOf('urn:ietf:params:oauth:grant-type:jwt-bearer'),
      }),
    }),
  },
  {
    name: 'invented codes next to standard values: only the invented ones',
    errors: [{ path: P('Call', 'properties', 'status', 'enum'), message: /lowerCamelCase: IN_PROGRESS, no-answer$/ }],
    document: withSchemas({
      Call: objectOf({ status: enumOf('GET', 'IN_PROGRESS', 'no-answer', 'queued') }),
    }),
  },

  {
    name: 'FP: BelgianRegionCode through a $ref to another file',
    errors: [],
    document: withSchemas({
      Address: objectOf({
        region: { $ref: `${REUSE}/location/v1/location-v1.yaml#/components/schemas/BelgianRegionCode` },
      }),
    }),
  },
  {
    name: '3.1: const codes, and a oneOf of them',
    errors: [
      { path: P('Status', 'const'), message: 'ACTIVE' },
      { path: P('Kind', 'oneOf', 1, 'const'), message: 'BIG_ONE' },
    ],
    document: v31(
      withSchemas({
        Status: { type: 'string', const: 'ACTIVE' },
        Kind: {
          oneOf: [
            { const: 'small', title: 'Small' },
            { const: 'BIG_ONE', title: 'Big' },
          ],
        },
      }),
    ),
  },
  {
    name: '3.1: lowerCamelCase consts; a CloudEvents type const',
    errors: [],
    document: v31(
      withSchemas({
        Kind: { oneOf: [{ const: 'small' }, { const: 'bigOne' }] },
        AsynchronousMessageBase: ASYNC_BASE,
        MeetingCanceled: {
          allOf: [{ $ref: '#/components/schemas/AsynchronousMessageBase' }],
          properties: { type: { const: 'be.example.meeting.v1.meeting.canceled' } },
        },
      }),
    ),
  },

  {
    name: 'upper-case codes; discriminator values: one finding per mapping',
    errors: [
      { path: P('Status', 'enum'), message: 'ACTIVE' },
      { path: P('A', 'discriminator', 'mapping'), message: 'Dog, Big.Cat' },
    ],
    document: withSchemas({
      Status: enumOf('ACTIVE', 'closed'),
      A: {
        type: 'object',
        discriminator: {
          propertyName: 'kind',
          mapping: {
            Dog: '#/components/schemas/A',
            'Big.Cat': '#/components/schemas/A',
            bird: '#/components/schemas/A',
          },
        },
      },
    }),
  },
  {
    name: 'sort codes named by their schema; CloudEvents types of AsynchronousMessageBase messages',
    errors: [],
    document: withSchemas({
      EmployerSortKey: enumOf('name', '-name', '-creationDate'),
      AsynchronousMessageBase: objectOf({ type: { type: 'string' } }, ['type']),
      EmployerEvent: {
        allOf: [{ $ref: '#/components/schemas/AsynchronousMessageBase' }],
        discriminator: {
          propertyName: 'type',
          mapping: { 'be.employer.created': '#/components/schemas/EmployerEvent' },
        },
      },
    }),
  },
  {
    name: 'lowerCamelCase codes, sort with -, health states, BelgianRegionCode',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op({
          parameters: [queryParam('sort', { type: 'array', items: enumOf('name', '-name') })],
        }),
      },
      schemasOf({
        Status: enumOf('active', 'closedForGood'),
        Health: objectOf({ status: enumOf('UP', 'DEGRADED', 'DOWN') }),
        BelgianRegionCode: enumOf('BE-BRU', 'BE-VLG'),
      }),
    ),
  },
];

export const standardValueCases = (): RuleCase[] => [
  // cod-design is about "new code types": a version number offered in an enum is a number, not a code name.

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
      schemasOf({ Release: objectOf({ schemaVersion: enumOf('1.0.0', 'v2.1') }) }),
    ),
  },
  {
    name: 'codes with a dot or in capitals beside a version-like value: only the codes',
    errors: [{ path: P('Release', 'properties', 'channel', 'enum'), message: /lowerCamelCase: beta\.channel, BETA$/ }],
    document: withSchemas({
      Release: objectOf({ channel: enumOf('stable', 'beta.channel', 'BETA', '3.0') }),
    }),
  },
  // Second held-out sample (a JSON-LD event stream): the value of @type names a vocabulary's class.
  {
    name: 'FP: JSON-LD @type values, one and a list of them',
    errors: [],
    document: withSchemas({
      Publisher: objectOf({
        '@type': { type: 'string', const: 'dcterms:Agent' },
        '@context': { type: 'array', items: enumOf('http://schema.org/') },
      }),
      Dataset: objectOf({ '@type': { type: 'array', items: enumOf('dcat:Dataset', 'ldes:EventStream') } }),
    }),
  },
  {
    name: 'a code list beside JSON-LD keywords is judged',
    errors: [{ path: P('Publisher', 'properties', 'kind', 'enum') }],
    document: withSchemas({
      Publisher: objectOf({ '@type': { type: 'string', const: 'dcterms:Agent' }, kind: enumOf('PUBLIC_BODY') }),
    }),
  },
  ...definedByAStandard(),
];
