import { PROTOCOL_NAMES } from './support/protocol-names.js';
import { defineRule, type RuleCase } from '../define.js';
import { base, get, ok, op, P, problem, S, withSchemas } from '../documents.js';
import { allMediaTypes, inventory, schemaClosure } from '../../support/inventory.js';
import { bareMediaType, isObject, type Json } from '../../support/json.js';
import { isLowerCamel } from '../../support/naming.js';
import { wellKnownSchemas } from '../../support/well-known.js';
import { defineRuleFunction, finding, NO_OPTIONS, writtenAsRef, type Finding } from '../../functions/define.js';
import { JSON_LD_KEYWORDS } from '../../functions/schema-properties.js';

// A JSON-LD compact IRI (`tree:view`, `dcterms:isVersionOf`): a vocabulary's term under its prefix, named by
// that vocabulary (JSON-LD 1.1, section 4.1.5), not by the API.
const COMPACT_IRI = /^[a-z][a-z0-9]*:[A-Za-z_][\w.-]*$/;
/**
 * lowerCamelCase with one-letter words (`zIndex`, `itemReverseZIndex`, `region1AReleaseDate`): a capital
 * may stand alone before the next word. An acronym in capitals (`employerID`, `HTTPStatus`) is still none.
 */
const withOneLetterWords = (name: string): boolean =>
  /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/.test(name) && !/[A-Z]{3}/.test(name) && !/[A-Z]{2}$/.test(name);
const FORM = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)$/;
/** Schemas that only describe form fields (x-www-form-urlencoded, multipart/form-data), never JSON. */
function formOnlySchemas(root: Json): Set<Json> {
  const form: unknown[] = [];
  const other: unknown[] = [];
  for (const { mediaType, media } of allMediaTypes(root))
    (FORM.test(bareMediaType(mediaType)) ? form : other).push(media.schema);
  if (form.length === 0) return new Set();
  const json = schemaClosure(other);
  return new Set([...schemaClosure(form)].filter((schema) => !json.has(schema)));
}
/**
 * jsn-naming: JSON property names are lowerCamelCase. Form fields are no JSON properties. A property
 * written as a $ref is reported at the properties that name it, not at the schema it refers to.
 */
const propertyNames = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  const formOnly = formOnlySchemas(root);
  const wellKnown = wellKnownSchemas(root);
  for (const { schema, at } of inventory(root).schemas) {
    if (formOnly.has(schema) || wellKnown.has(schema)) continue;
    for (const name of Object.keys(isObject(schema.properties) ? schema.properties : {})) {
      if (
        !isLowerCamel(name) &&
        !withOneLetterWords(name) &&
        !PROTOCOL_NAMES.has(name) &&
        !JSON_LD_KEYWORDS.has(name) &&
        !COMPACT_IRI.test(name)
      ) {
        const property = [...at, 'properties', name];
        out.push(
          finding(
            `Property name "${name}" should be lowerCamelCase`,
            writtenAsRef(context, property) ? [...at, 'properties'] : property,
          ),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'jsn-naming',
  severity: 'warn',
  description: 'JSON property names are lowerCamelCase (form fields are not JSON)',
  then: propertyNames,
});

/** An object schema with a string property of each name. */
const object = (...names: string[]): Json => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
});
/** Component `schema` declaring `good` and `bad` names: a finding at each bad one. */
const named = (schema: string, good: string[], bad: string[] = []): Omit<RuleCase, 'name'> => ({
  errors: bad.map((name) => ({ path: P(schema, 'properties', name) })),
  document: withSchemas({ [schema]: object(...good, ...bad) }),
});
const form = (schema: Json): Json => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });

export const cases = (): RuleCase[] => [
  // "Properties used from other standards, like OpenID Connect and OAuth2, are allowed to deviate from this rule."

  {
    name: 'FP: OpenID provider metadata under /.well-known/, inline and by $ref',
    errors: [],
    document: base({
      paths: {
        '/.well-known/openid-configuration': get('openIdConfiguration', {
          type: 'object',
          title: 'OpenIdConfiguration',
          properties: { backchannel_logout_supported: { type: 'boolean' }, claims_parameter_supported: {} },
        }),
        '/.well-known/oauth-authorization-server': get('authorizationServer', {
          $ref: '#/components/schemas/ServerMetadata',
        }),
      },
      components: {
        schemas: { ServerMetadata: { type: 'object', properties: { dpop_signing_alg_values_supported: {} } } },
      },
    }),
  },
  {
    name: 'the same names in an API resource',
    errors: [{ path: S('/settings').concat('properties', 'backchannel_logout_supported') }],
    document: base({
      paths: {
        '/settings': get('settings', {
          type: 'object',
          title: 'Settings',
          properties: { backchannel_logout_supported: { type: 'boolean' } },
        }),
      },
    }),
  },
  // JSON-LD 1.1's keywords (@context, @id, @type...) are spelled by that standard, and compact IRIs (tree:view)
  // by their vocabularies: neither is named by the API.

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
    ...named('Catalog', [], ['@lang', 'Catalog.title', 'Dcterms:title']),
  },
  // "Naming of JSON properties": form fields are no JSON properties; a property is reported where it is named.

  // "lowerCamelCase": each word capitalized, a one-letter word too; acronyms written as words.
  {
    name: "FP: one-letter words; oEmbed's standard names",
    errors: [],
    document: withSchemas({
      Item: object('itemReverseZIndex', 'region1AReleaseDate', 'xCoordinate'),
      OEmbed: object('thumbnail_height', 'provider_name'),
    }),
  },
  {
    name: 'acronyms in capitals, snake case',
    ...named('Person', [], ['employerID', 'HTTPStatus', 'birth_date']),
  },
  {
    name: 'FP: authorization server metadata (RFC 8414) and a JWK',
    ...named('AuthorizationServer', ['issuer', 'jwks_uri', 'token_endpoint', 'grant_types_supported']),
  },
  {
    name: 'FP: fields of a form-urlencoded body (inline, and a component only forms use)',
    errors: [],
    document: base({
      paths: {
        '/calls': {
          post: op({
            requestBody: form({
              type: 'object',
              properties: { FriendlyName: { type: 'string' }, StatusCallback: { type: 'string' } },
            }),
          }),
        },
        '/messages': {
          post: op({ operationId: 'message', requestBody: form({ $ref: '#/components/schemas/MessageForm' }) }),
        },
      },
      components: { schemas: { MessageForm: { type: 'object', properties: { To: { type: 'string' } } } } },
    }),
  },
  {
    name: 'a $ref property at the properties naming it; a component used by forms and JSON',
    errors: [
      { path: P('Account', 'properties'), message: '"Owner_record"' },
      { path: P('Shared', 'properties', 'Body'), message: '"Body"' },
    ],
    document: base({
      paths: {
        '/messages': {
          post: op({
            requestBody: form({ $ref: '#/components/schemas/Shared' }),
            responses: { '200': ok({ $ref: '#/components/schemas/Shared' }), default: problem() },
          }),
        },
      },
      components: {
        schemas: {
          Account: { type: 'object', properties: { Owner_record: { $ref: '#/components/schemas/Owner' } } },
          Owner: { type: 'object', properties: { name: { type: 'string' } } },
          Shared: { type: 'object', properties: { Body: { type: 'string' } } },
        },
      },
    }),
  },

  {
    name: 'snake and kebab case',
    ...named('A', ['ok'], ['first_name', 'last-name']),
  },
  {
    name: 'lowerCamelCase and OAuth2 names',
    ...named('A', ['employerId', 'ssin', 'access_token']),
  },
];
