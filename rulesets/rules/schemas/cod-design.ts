import { defineRule, type RuleCase } from '../define.js';
import { base, op, withPath, withSchemas } from '../documents.js';
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { inventory, type SchemaVisit } from '../../support/inventory.js';
import { isObject, type Json, type JsonPath } from '../../support/json.js';
import { isLowerCamel } from '../../support/naming.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, definitionPath, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import {
  JSON_LD_KEYWORDS,
  componentNameIn,
  inheritsFrom,
  isCloudEventsAttribute,
  owningParameter,
} from '../../functions/schema-properties.js';

/** The component a schema is defined in, wherever the file: the mapped path's (through $refs to other files), or its own. */
function definingComponent(visit: SchemaVisit, context: RulesetFunctionContext): string | undefined {
  return componentNameIn(definitionPath(context, visit.at)) ?? componentNameIn(visit.at);
}
const HEALTH_STATES = new Set(['UP', 'DOWN', 'DEGRADED', 'OUT_OF_SERVICE', 'UNKNOWN']);
/** CloudEvents messages (belgif's AsynchronousMessageBase) use reverse-DNS event types as discriminator values. */
function isAsynchronousMessage(schema: Json, at: JsonPath, context: RulesetFunctionContext): boolean {
  if (!isObject(schema.discriminator) || schema.discriminator.propertyName !== 'type') return false;
  const base = 'AsynchronousMessageBase';
  if (Array.isArray(schema.oneOf))
    return schema.oneOf.every((m, i) => isObject(m) && inheritsFrom(m, [...at, 'oneOf', i], base, context));
  return inheritsFrom(schema, at, base, context);
}
const SORT = /sort/i;
// Values a standard defines, not code types the API designs (the guide's cod-design is about new code
// types): HTTP methods (RFC 9110), media types, IANA time zones, URIs and URNs, EPSG codes, Prefer values,
// language tags with a region (BCP 47: en-US), ISO 216 and North American paper sizes.
const HTTP_METHOD_NAMES = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);
const STANDARD_VALUE = [
  /^(?:application|audio|font|image|message|model|multipart|text|video|\*)\/(?:[A-Za-z0-9][\w.+-]*|\*)$/,
  /^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z0-9_+/-]+$/,
  /^(?:urn:[a-z0-9][a-z0-9-]*:|https?:\/\/|about:|mailto:)\S+$/,
  /^[a-z]{2,3}(?:[-_][A-Z][a-z]{3})?[-_](?:[A-Z]{2}|\d{3})$/,
  /^(?:[ABC](?:10|\d)|[Ll]etter|[Ll]egal|[Tt]abloid|[Ll]edger|[Ee]xecutive)$/,
  // Coordinate reference systems by their EPSG registry code (epsg:28992, EPSG:4326).
  /^(?:EPSG|epsg):\d+$/,
  // RFC 7240 preferences (the Prefer header's values), wherever their schema is declared.
  /^(?:respond-async|return=(?:minimal|representation)|handling=(?:strict|lenient)|wait=\d+)$/,
];
// A version number or a decimal written as a string (2026.0, 1.2.3, v2.1) is a number, not a code name:
// no casing applies to it.
const NUMBER_VALUE = /^v?\d+(?:\.\d+)+$/;
const isStandardValue = (value: string): boolean =>
  HTTP_METHOD_NAMES.has(value) || NUMBER_VALUE.test(value) || STANDARD_VALUE.some((pattern) => pattern.test(value));
// GeoJSON's type member (RFC 7946): a list made of these names alone is that standard's, not the API's.
const GEOJSON_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
  'Feature',
  'FeatureCollection',
]);
// Header fields whose values a specification defines (IANA HTTP Field Name Registry; RFC 7240 Prefer),
// each value judged by that specification's grammar: a language tag (BCP 47) for the language headers, an
// HTTP token (RFC 9110, with an optional =value as Prefer has) for the others. Vendors' operation-selector
// headers (X-Amz-Target, SOAPAction) name the operation: any value is theirs, not a code the API designs.
const HTTP_TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:=\S+)?$/;
const LANGUAGE_RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;
const LANGUAGE_HEADERS = new Set(['accept-language', 'content-language']);
const REGISTERED_HEADERS = new Set([
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-ranges',
  'accept-patch',
  'accept-post',
  'allow',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-type',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'expect',
  'pragma',
  'prefer',
  'preference-applied',
  'priority',
  'referrer-policy',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'sec-fetch-user',
  'te',
  'transfer-encoding',
  'upgrade',
  'vary',
  'x-content-type-options',
  'x-frame-options',
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
  'x-requested-with',
]);
const SELECTOR_HEADER = /^(?:x-amz-target|soapaction)$|-(?:target|action|operation)$/i;
/** Whether a header's specification defines `value` (so it is no code of the API's). */
function definedByHeader(name: string | undefined, value: string): boolean {
  if (name === undefined) return false;
  const lower = name.toLowerCase();
  if (SELECTOR_HEADER.test(name)) return true;
  if (LANGUAGE_HEADERS.has(lower)) return LANGUAGE_RANGE.test(value);
  return REGISTERED_HEADERS.has(lower) && HTTP_TOKEN.test(value);
}
/** Whether a schema is a JSON-LD keyword's value (`"@type": "dcterms:Agent"`), itself or through array items. */
function isJsonLdKeywordValue(visit: SchemaVisit): boolean {
  for (let v: SchemaVisit | undefined = visit; v; v = v.relation === 'items' ? v.parent : undefined) {
    if (v.propertyName !== undefined) return JSON_LD_KEYWORDS.has(v.propertyName);
  }
  return false;
}
/** The name of the header (a header parameter or a response header) whose schema this is, or through array items. */
function headerNameOf(visit: SchemaVisit): string | undefined {
  for (let v: SchemaVisit | undefined = visit; v; v = v.relation === 'items' ? v.parent : undefined) {
    if (!v.parameter) continue;
    if (v.parameter.in === 'header') return typeof v.parameter.name === 'string' ? v.parameter.name : undefined;
    const name = v.at[v.at.length - 2];
    return v.parameter.in === undefined && v.at[v.at.length - 3] === 'headers' && typeof name === 'string'
      ? name
      : undefined;
  }
  return undefined;
}
// A code list the description ties to an external standard (ISO 5218, ISO 3166, RFC 5646, NACE...) mirrors
// that standard's codes: it is no new code type (cod-design speaks of "new code types").
const CITES_STANDARD =
  /\b(?:ISO(?:\/IEC)?[ -]?\d{3,5}|RFC ?\d{3,5}|BCP ?\d+|EN ?\d{3,5}|IANA|UN\/?(?:ECE|LOCODE)|NACE|HL7|ICAO|IATA|ISCO|NUTS|(?:international|official|external) (?:standard|code ?list))\b/i;
const describedAsStandard = (...texts: unknown[]): boolean =>
  texts.some((t) => typeof t === 'string' && CITES_STANDARD.test(t));
/**
 * cod-design: string enum values and discriminator mapping keys are lowerCamelCase; one finding per enum
 * or mapping. Values a standard defines (HTTP methods, media types, paper sizes...) are no new codes.
 */
const codesLowerCamel = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    const { schema, at } = visit;
    const codes = enumerated(schema);
    if (codes) {
      const strings = codes.values.filter((v): v is string => typeof v === 'string');
      // The guide itself prescribes the health states UP/DEGRADED/DOWN.
      if (
        strings.length > 0 &&
        !strings.every((v) => HEALTH_STATES.has(v)) &&
        !strings.every((v) => GEOJSON_TYPES.has(v))
      ) {
        const component = definingComponent(visit, context);
        // Sort values may carry the descending '-' prefix, wherever the sort codes are named (parameter, property or schema).
        const parameterName = owningParameter(visit)?.name;
        const sortCodes = [
          typeof parameterName === 'string' ? parameterName : undefined,
          visit.propertyName,
          component,
        ].some((n) => n !== undefined && SORT.test(n));
        const header = headerNameOf(visit);
        // The value of @type (or another JSON-LD keyword) is a vocabulary's term or IRI (dcterms:Agent), no code of the API's.
        const jsonLdTerm = isJsonLdKeywordValue(visit);
        // The empty string is no code (a blank choice), whatever list it is in.
        const bad = strings.filter(
          (v) =>
            v !== '' &&
            !isLowerCamel(sortCodes ? v.replace(/^-/, '') : v) &&
            !isStandardValue(v) &&
            !definedByHeader(header, v),
        );
        if (
          bad.length > 0 &&
          !jsonLdTerm &&
          component !== 'BelgianRegionCode' &&
          !isCloudEventsAttribute(visit, context) &&
          !describedAsStandard(
            schema.description,
            visit.relation === 'items' ? visit.parent?.schema.description : undefined,
            owningParameter(visit)?.description,
          )
        ) {
          out.push(finding(`Code values should be lowerCamelCase: ${bad.join(', ')}`, [...at, codes.keyword]));
        }
      }
    }
    const discriminator = schema.discriminator;
    if (isObject(discriminator) && isObject(discriminator.mapping)) {
      const bad = Object.keys(discriminator.mapping).filter((key) => !isLowerCamel(key));
      if (bad.length > 0 && !isAsynchronousMessage(schema, at, context)) {
        out.push(
          finding(`Discriminator values should be lowerCamelCase: ${bad.join(', ')}`, [
            ...at,
            'discriminator',
            'mapping',
          ]),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'cod-design',
  guideRule: 'cod-design',
  severity: 'warn',
  description:
    "New code values (string enums, discriminator values) are lowerCamelCase; standard values (HTTP methods, media types...) are not the API's codes",
  then: { function: codesLowerCamel },
});

const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const header = (name: string, schema: Json): Json => ({ name, in: 'header', schema });
const enumOf = (...values: string[]): Json => ({ type: 'string', enum: values });
const v31 = (document: Json): Json => ({ ...document, openapi: '3.1.0' });
// Relative to the harness's document, test/lint/case.json.
const REUSE = '../fixtures/lint/reuse';
const ASYNC_BASE: Json = {
  type: 'object',
  required: ['id', 'type', 'service', 'specversion', 'source'],
  properties: {
    specversion: { type: 'string' },
    id: { type: 'string', minLength: 1, example: '550e8400-e29b-41d4-a716-446655440000' },
    type: { type: 'string' },
    service: { type: 'string' },
    source: { type: 'string' },
  },
};

export const cases = (): RuleCase[] => [
  // "New code types SHOULD be represented as string values in lowerCamelCase": a registered header's
  // values, an operation selector's, and a list the description ties to a standard are no new code types.

  {
    name: 'FP: Prefer respond-async, X-Amz-Target, Accept-Encoding, a response Preference-Applied, codes of a cited standard, a GeoJSON type',
    errors: [],
    document: base({
      paths: {
        '/jobs': {
          post: op({
            operationId: 'submit',
            parameters: [
              header('Prefer', { type: 'string', enum: ['respond-async'] }),
              header('X-Amz-Target', { type: 'string', enum: ['Logs_20140328.AssociateKmsKey'] }),
              header('Accept-Encoding', { type: 'array', items: { type: 'string', enum: ['gzip', 'x-gzip', 'br'] } }),
              header('Accept-Language', { type: 'string', enum: ['nl-BE', 'fr-BE', 'DE'] }),
              header('Accept-Crs', { type: 'string', enum: ['epsg:28992', 'EPSG:4326'] }),
            ],
            responses: {
              '200': {
                description: 'ok',
                headers: {
                  'Preference-Applied': { schema: { type: 'string', enum: ['respond-async', 'return=minimal'] } },
                },
              },
            },
          }),
        },
      },
      components: {
        schemas: {
          BlankEnum: { enum: [''] },
          PolygonGeoJson: {
            type: 'object',
            properties: { type: { type: 'string', enum: ['Polygon'] }, coordinates: { type: 'array', items: {} } },
          },
          AdministrativeGender: {
            type: 'string',
            description: 'Administrative gender as coded by HL7 v2 table 0001',
            enum: ['M', 'F', 'U'],
          },
          Country: {
            type: 'array',
            description: 'Countries by their ISO 3166-1 alpha-2 code',
            items: { type: 'string', enum: ['BE', 'NL'] },
          },
        },
      },
    }),
  },
  {
    name: "a custom header's upper-case values; no language tag under Accept-Language; M/F/U with no standard named",
    errors: [
      { path: O('/jobs', 'post', 'parameters', 0, 'schema', 'enum') },
      { path: O('/jobs', 'post', 'parameters', 1, 'schema', 'enum'), message: /: CreditCard$/ },
      { path: P('Gender', 'enum') },
      { path: P('Shape', 'enum'), message: /: Polygon, Circle$/ },
    ],
    document: base({
      paths: {
        '/jobs': {
          post: op({
            operationId: 'submit',
            parameters: [
              header('Acme-Mode', { type: 'string', enum: ['FAST', 'SAFE'] }),
              header('Accept-Language', { type: 'string', enum: ['NL', 'FR', 'CreditCard'] }),
            ],
          }),
        },
      },
      components: {
        schemas: {
          Gender: { type: 'string', description: 'Gender of the person', enum: ['M', 'F', 'U'] },
          Shape: { type: 'string', enum: ['Polygon', 'Circle'] },
        },
      },
    }),
  },
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
      {
        components: {
          schemas: { Release: { type: 'object', properties: { schemaVersion: enumOf('1.0.0', 'v2.1') } } },
        },
      },
    ),
  },
  {
    name: 'codes with a dot or in capitals beside a version-like value: only the codes',
    errors: [{ path: P('Release', 'properties', 'channel', 'enum'), message: /lowerCamelCase: beta\.channel, BETA$/ }],
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
  // "Designing new codes": values a standard defines are not new code types.

  {
    name: 'FP: HTTP methods, media types, paper sizes, language tags, time zones, URNs',
    errors: [],
    document: withSchemas({
      Callback: {
        type: 'object',
        properties: {
          statusCallbackMethod: enumOf('GET', 'POST'),
          mediaType: enumOf('application/pdf', 'image/png'),
          paperSize: enumOf('A4', 'Letter', 'Legal'),
          locale: enumOf('en-US', 'nl-BE'),
          timeZone: enumOf('Europe/Brussels', 'America/New_York'),
          grantType: enumOf('urn:ietf:params:oauth:grant-type:jwt-bearer'),
        },
      },
    }),
  },
  {
    name: 'invented codes next to standard values: only the invented ones',
    errors: [{ path: P('Call', 'properties', 'status', 'enum'), message: /lowerCamelCase: IN_PROGRESS, no-answer$/ }],
    document: withSchemas({
      Call: { type: 'object', properties: { status: enumOf('GET', 'IN_PROGRESS', 'no-answer', 'queued') } },
    }),
  },

  {
    name: 'FP: BelgianRegionCode through a $ref to another file',
    errors: [],
    document: withSchemas({
      Address: {
        type: 'object',
        properties: {
          region: { $ref: `${REUSE}/location/v1/location-v1.yaml#/components/schemas/BelgianRegionCode` },
        },
      },
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
      Status: { type: 'string', enum: ['ACTIVE', 'closed'] },
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
      EmployerSortKey: { type: 'string', enum: ['name', '-name', '-creationDate'] },
      AsynchronousMessageBase: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
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
          parameters: [
            {
              name: 'sort',
              in: 'query',
              schema: { type: 'array', items: { type: 'string', enum: ['name', '-name'] } },
            },
          ],
        }),
      },
      {
        components: {
          schemas: {
            Status: { type: 'string', enum: ['active', 'closedForGood'] },
            Health: { type: 'object', properties: { status: { type: 'string', enum: ['UP', 'DEGRADED', 'DOWN'] } } },
            BelgianRegionCode: { type: 'string', enum: ['BE-BRU', 'BE-VLG'] },
          },
        },
      },
    ),
  },
];
