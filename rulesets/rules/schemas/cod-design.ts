import {
  definingComponent,
  HEALTH_STATES,
  isAsynchronousMessage,
  SORT,
  isStandardValue,
  GEOJSON_TYPES,
  definedByHeader,
  isJsonLdKeywordValue,
  headerNameOf,
  describedAsStandard,
  namedStandardCodes,
} from './support/standard-values.js';
import { standardValueCases } from './support/cod-design-cases.js';
import { defineRule, type RuleCase } from '../define.js';
import { base, O, op, P, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { isLowerCamel } from '../../support/naming.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { isCloudEventsAttribute, owningParameter } from '../../functions/schema-properties.js';
import type { SchemaVisit } from '../../support/inventory.js';

const FHIR_NAME = /^[A-Z][A-Za-z]+$/;

/** The visit that names a list's values: the array's own, for an enum of array items. */
const itemsOwner = (visit: SchemaVisit): SchemaVisit =>
  visit.relation === 'items' && visit.parent ? visit.parent : visit;

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
        const names = [
          typeof parameterName === 'string' ? parameterName : undefined,
          itemsOwner(visit).propertyName,
          component,
        ];
        const sortCodes = names.some((n) => n !== undefined && SORT.test(n));
        const header = headerNameOf(visit);
        // The value of @type (or another JSON-LD keyword) is a vocabulary's term or IRI (dcterms:Agent), no code of the API's.
        const jsonLdTerm = isJsonLdKeywordValue(visit);
        // FHIR's resourceType names a resource type the standard fixes (Bundle, Patient): no code the API
        // designs, as the guide's cod-design is about "new code types" (issue 46, NHS PDS).
        const fhirResourceType = visit.propertyName === 'resourceType' && strings.every((v) => FHIR_NAME.test(v));
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
          !fhirResourceType &&
          !namedStandardCodes(names, strings) &&
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
  severity: 'warn',
  description:
    "New code values (string enums, discriminator values) are lowerCamelCase; standard values (HTTP methods, media types...) are not the API's codes",
  then: codesLowerCamel,
});

const header = (name: string, schema: Json): Json => ({ name, in: 'header', schema });
/** A path item whose POST takes these parameters. */
const submit = (parameters: Json[], extra: Json = {}): Json => ({
  post: op({ operationId: 'submit', parameters, ...extra }),
});

export const cases = (): RuleCase[] => [
  // "New code types SHOULD be represented as string values in lowerCamelCase": a registered header's
  // values, an operation selector's, and a list the description ties to a standard are no new code types.

  {
    name: 'FP: Prefer respond-async, X-Amz-Target, Accept-Encoding, a response Preference-Applied, codes of a cited standard, a GeoJSON type',
    errors: [],
    document: base({
      paths: {
        '/jobs': submit(
          [
            header('Prefer', { type: 'string', enum: ['respond-async'] }),
            header('X-Amz-Target', { type: 'string', enum: ['Logs_20140328.AssociateKmsKey'] }),
            header('Accept-Encoding', { type: 'array', items: { type: 'string', enum: ['gzip', 'x-gzip', 'br'] } }),
            header('Accept-Language', { type: 'string', enum: ['nl-BE', 'fr-BE', 'DE'] }),
            header('Accept-Crs', { type: 'string', enum: ['epsg:28992', 'EPSG:4326'] }),
          ],
          {
            responses: {
              '200': {
                description: 'ok',
                headers: {
                  'Preference-Applied': { schema: { type: 'string', enum: ['respond-async', 'return=minimal'] } },
                },
              },
            },
          },
        ),
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
        '/jobs': submit([
          header('Acme-Mode', { type: 'string', enum: ['FAST', 'SAFE'] }),
          header('Accept-Language', { type: 'string', enum: ['NL', 'FR', 'CreditCard'] }),
        ]),
      },
      components: {
        schemas: {
          Gender: { type: 'string', description: 'Gender of the person', enum: ['M', 'F', 'U'] },
          Shape: { type: 'string', enum: ['Polygon', 'Circle'] },
        },
      },
    }),
  },
  ...standardValueCases(),
  // Issue 46 first pass (NHS PDS): FHIR's resourceType; another property with the same values is the API's.
  {
    name: "FP: FHIR's resourceType; the API's own kind with the same value",
    errors: [{ path: P('PatientSearch', 'properties', 'kind', 'enum'), message: /: Bundle$/ }],
    document: withSchemas({
      PatientSearch: {
        type: 'object',
        properties: {
          resourceType: { type: 'string', enum: ['Bundle'] },
          kind: { type: 'string', enum: ['Bundle'] },
        },
      },
    }),
  },
  {
    name: "FP: FHIR's resourceType only",
    errors: [],
    document: withSchemas({
      PatientSearch: { type: 'object', properties: { resourceType: { type: 'string', enum: ['Bundle'] } } },
    }),
  },
  // Issue 46 (Helsinki's format=json|json-ld, publiq's priceCurrency EUR): named standards' codes.
  {
    name: 'FP: data format names, an ISO 4217 currency, ISO 3166 countries under their names',
    errors: [],
    document: base({
      paths: {
        '/events': {
          get: op({
            parameters: [{ name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'json-ld'] } }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      title: 'Events',
                      properties: {
                        priceCurrency: { type: 'string', enum: ['EUR'] },
                        countries: { type: 'array', items: { type: 'string', enum: ['BE', 'NL'] } },
                      },
                    },
                  },
                },
              },
            },
          }),
        },
      },
    }),
  },
  {
    name: 'the same upper-case values under names of no standard; a format list with a code of its own',
    errors: [
      { path: P('Price', 'properties', 'unit', 'enum'), message: /: EUR$/ },
      { path: P('Price', 'properties', 'country', 'enum'), message: /: BE, BENELUX$/ },
      { path: P('Price', 'properties', 'format', 'enum'), message: /: json-ld, ShortList$/ },
    ],
    document: withSchemas({
      Price: {
        type: 'object',
        properties: {
          unit: { type: 'string', enum: ['EUR'] },
          country: { type: 'string', enum: ['BE', 'BENELUX'] },
          format: { type: 'string', enum: ['json', 'json-ld', 'ShortList'] },
        },
      },
    }),
  },
];
