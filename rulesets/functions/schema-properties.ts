// Schema-level conventions: codes, titles, property names, nullable, readOnly, required,
// additionalProperties, decimals, multi-language texts, `embedded`, numeric identifiers.
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import {
  allMediaTypes,
  declaredProperties,
  effectiveType,
  inventory,
  schemaClosure,
  type SchemaVisit,
} from '../support/inventory.js';
import {
  asArray,
  bareMediaType,
  entries,
  isJsonMediaType,
  isObject,
  type Json,
  type JsonPath,
} from '../support/json.js';
import { isLowerCamel, isUpperCamel } from '../support/naming.js';
import { ownReadOnlyRequiredNames } from '../support/composed-names.js';
import { wellKnownSchemas } from '../support/well-known.js';
import { allowsNull, enumerated, singleType } from '../support/schema-forms.js';
import { operationSummaries } from './operations.js';
import { defineRuleFunction, definitionPath, finding, NO_OPTIONS, writtenAsRef, type Finding } from './define.js';

/** The parameter a schema belongs to (itself or through array items). */
function owningParameter(visit: SchemaVisit): Json | undefined {
  for (let v: SchemaVisit | undefined = visit; v; v = v.relation === 'items' ? v.parent : undefined) {
    if (v.parameter) return v.parameter;
  }
  return undefined;
}

/** Component names along a path (`components.schemas.<name>...`). */
const componentNameIn = (path: JsonPath): string | undefined =>
  path[0] === 'components' && path[1] === 'schemas' && typeof path[2] === 'string' ? path[2] : undefined;

const isComponentPath = (path: JsonPath): boolean => path.length === 3 && componentNameIn(path) !== undefined;

/** The component a schema is defined in, wherever the file: the mapped path's (through $refs to other files), or its own. */
function definingComponent(visit: SchemaVisit, context: RulesetFunctionContext): string | undefined {
  return componentNameIn(definitionPath(context, visit.at)) ?? componentNameIn(visit.at);
}

const HEALTH_STATES = new Set(['UP', 'DOWN', 'DEGRADED', 'OUT_OF_SERVICE', 'UNKNOWN']);

/** Whether a schema is, or inherits through allOf, the component `name` (of any file). */
export function inheritsFrom(
  schema: Json,
  at: JsonPath,
  name: string,
  context: RulesetFunctionContext,
  depth = 0,
): boolean {
  if (componentNameIn(definitionPath(context, at)) === name) return true;
  if (depth > 16) return false;
  return asArray(schema.allOf).some(
    (m, i) => isObject(m) && inheritsFrom(m, [...at, 'allOf', i], name, context, depth + 1),
  );
}

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
export const codesLowerCamel = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
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

/**
 * oas-descr: operations have a summary; inline object schemas have an UpperCamelCase title;
 * a component's title is absent or equals its name.
 */
export const freeTextDocumentation = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = operationSummaries(root);
  for (const visit of inventory(root).schemas) {
    const { schema, at } = visit;
    const title = schema.title;
    if (typeof title === 'string') {
      const mapped = visit.componentName ? at : definitionPath(context, at);
      const component = isComponentPath(mapped) ? componentNameIn(mapped) : undefined;
      if (component !== undefined) {
        // A title equal to its component's name is what the guide asks; the name's case is oas-comp's.
        if (title !== component)
          out.push(
            finding(`Title "${title}" of a component schema should be absent or equal its name "${component}"`, [
              ...at,
              'title',
            ]),
          );
      } else if (effectiveType(schema) === 'object' && !isUpperCamel(title)) {
        // The guide asks an UpperCamelCase title "for inline schemas ... of type object" (a class name);
        // a string's or number's title is a human-readable label.
        out.push(finding(`Schema title "${title}" should be UpperCamelCase`, [...at, 'title']));
      }
      continue;
    }
    if (visit.componentName || visit.relation === 'allOf' || visit.relation === 'anyOf' || visit.relation === 'not')
      continue;
    // An object by its own type or properties (one merely composed of objects names none itself);
    // a map (additionalProperties only) becomes a Map, not a named class: no title needed.
    const hasProperties = isObject(schema.properties) && Object.keys(schema.properties).length > 0;
    const isMap = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
    if (hasProperties ? effectiveType(schema) !== 'object' : singleType(schema) !== 'object' || isMap) continue;
    if (visit.mediaType !== undefined && !isJsonMediaType(visit.mediaType)) continue;
    if (isComponentPath(definitionPath(context, at)) || writtenAsRef(context, at)) continue;
    out.push(finding('Inline object schemas should have an UpperCamelCase title', at));
  }
  return out;
});

// OAuth2/OIDC protocol members keep their standard snake_case names.
const PROTOCOL_NAMES = new Set([
  'access_token',
  'token_type',
  'expires_in',
  'refresh_token',
  'id_token',
  'scope',
  'client_id',
  'client_secret',
  'grant_type',
  'error_description',
  'error_uri',
  'redirect_uri',
  'response_type',
  'code_verifier',
  'code_challenge',
  'code_challenge_method',
  'token_type_hint',
  'active',
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  // Authorization server and OpenID provider metadata (RFC 8414, OpenID Connect Discovery), JWKs (RFC 7517).
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'registration_endpoint',
  'scopes_supported',
  'response_types_supported',
  'response_modes_supported',
  'grant_types_supported',
  'token_endpoint_auth_methods_supported',
  'token_endpoint_auth_signing_alg_values_supported',
  'service_documentation',
  'ui_locales_supported',
  'op_policy_uri',
  'op_tos_uri',
  'revocation_endpoint',
  'introspection_endpoint',
  'code_challenge_methods_supported',
  'userinfo_endpoint',
  'end_session_endpoint',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  'claims_supported',
  'use',
  'key_ops',
  'alg',
  'kid',
  'kty',
  'x5u',
  'x5c',
  'x5t',
  'x5t#S256',
  'crv',
  // oEmbed responses (oembed.com, section 2.3.4).
  'author_name',
  'author_url',
  'provider_name',
  'provider_url',
  'cache_age',
  'thumbnail_url',
  'thumbnail_width',
  'thumbnail_height',
]);

// JSON-LD 1.1's keywords (W3C JSON-LD 1.1, section 9.16): a JSON-LD document must spell them so, as
// OAuth's members above; a property the API names is judged, whatever the document's format.
export const JSON_LD_KEYWORDS = new Set([
  '@base',
  '@container',
  '@context',
  '@direction',
  '@graph',
  '@id',
  '@import',
  '@included',
  '@index',
  '@json',
  '@language',
  '@list',
  '@nest',
  '@none',
  '@prefix',
  '@propagate',
  '@protected',
  '@reverse',
  '@set',
  '@type',
  '@value',
  '@version',
  '@vocab',
]);

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
export const propertyNames = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
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

const PATCH_NAME = /patch|update/i;

/**
 * A property of an object inheriting from AsynchronousMessageBase (declared by it or an inline allOf member):
 * CloudEvents lets such context attributes be null. Nested objects and the event itself are not exempt.
 */
function isCloudEventsAttribute(visit: SchemaVisit, context: RulesetFunctionContext): boolean {
  if (visit.relation !== 'properties') return false;
  let owner = visit.parent;
  while (owner?.relation === 'allOf' && owner.parent) owner = owner.parent;
  if (owner === undefined) return false;
  let inherits = ownerIsMessage.get(owner);
  if (inherits === undefined)
    ownerIsMessage.set(owner, (inherits = inheritsFrom(owner.schema, owner.at, 'AsynchronousMessageBase', context)));
  return inherits;
}
/**
 * Per owning schema's visit (one per resolved document): its properties ask the same question,
 * each looking up where the owner is defined (1,000 nullable properties on Twilio's description).
 */
const ownerIsMessage = new WeakMap<SchemaVisit, boolean>();

/**
 * A component name that allows nullable: a merge-patch schema's. CloudEvents context attributes are
 * spared by inheritance (isCloudEventsAttribute), as belgif's validator does, not by name: the data
 * payload of a message is JSON like any other.
 */
const exempt = (name: string | undefined): boolean => name !== undefined && PATCH_NAME.test(name);

/** jsn-null: nullable JSON properties only in merge-patch schemas (named like Patch or Update, or used in PATCH bodies); parameters are not JSON. */
export const nullableOutsidePatch = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  const { schemas, patchSchemas } = inventory(root);
  for (const visit of schemas) {
    const { schema, at } = visit;
    // A parameter's schema describes no JSON property (a nullable query parameter is no null in a body).
    if (!allowsNull(schema) || patchSchemas.has(schema) || owningParameter(visit) !== undefined) continue;
    if (exempt(componentNameIn(at))) continue;
    let named = false;
    for (let v = visit.parent; v && !named; v = v.parent) named = exempt(v.componentName);
    // Where the schema is defined (a $ref's target) only when nothing nearer exempts it.
    if (named || exempt(componentNameIn(definitionPath(context, at)))) continue;
    if (isCloudEventsAttribute(visit, context)) continue;
    out.push(
      finding('Omit properties without a value instead of making them nullable (nullable is for merge-patch schemas)', [
        ...at,
        schema.nullable === true
          ? 'nullable'
          : Array.isArray(schema.type)
            ? 'type'
            : Array.isArray(schema.oneOf)
              ? 'oneOf'
              : 'anyOf',
      ]),
    );
  }
  return out;
});

/**
 * oas-rdonly: a readOnly property should not be required, also when composition makes it so (readOnly
 * in an allOf member, required in a oneOf branch); reported where the conflict arises, not at every inheritor.
 */
export const readOnlyRequired = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (
      !Array.isArray(schema.required) &&
      !Array.isArray(schema.allOf) &&
      !Array.isArray(schema.oneOf) &&
      !Array.isArray(schema.anyOf)
    )
      continue;
    const own = asArray(schema.required);
    for (const name of ownReadOnlyRequiredNames(schema)) {
      const i = own.indexOf(name);
      out.push(
        finding(`Property "${name}" is readOnly and should not be required`, i >= 0 ? [...at, 'required', i] : at),
      );
    }
  }
  return out;
});

/** The property names a `required` list may name: own, allOf, oneOf/anyOf members, and a composing parent's. */
function availableProperties(visit: SchemaVisit): Set<string> {
  const names = new Set<string>();
  const addFrom = (schema: Json) => {
    for (const n of declaredProperties(schema).keys()) names.add(n);
  };
  addFrom(visit.schema);
  for (const keyword of ['oneOf', 'anyOf'] as const)
    asArray(visit.schema[keyword]).forEach((m) => isObject(m) && addFrom(m));
  if (visit.parent && (visit.relation === 'allOf' || visit.relation === 'oneOf' || visit.relation === 'anyOf')) {
    addFrom(visit.parent.schema);
    const grand = visit.parent.parent;
    if (grand && visit.parent.relation === 'allOf') addFrom(grand.schema);
  }
  return names;
}

/** prop-req: every `required` entry is declared as a property. */
export const requiredDeclared = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    const { schema, at } = visit;
    if (!Array.isArray(schema.required) || schema.required.length === 0) continue;
    if (isObject(schema.additionalProperties) || schema.additionalProperties === true) continue;
    const available = availableProperties(visit);
    schema.required.forEach((name, i) => {
      if (typeof name === 'string' && !available.has(name)) {
        out.push(finding(`Required property "${name}" is not declared in properties`, [...at, 'required', i]));
      }
    });
  }
  return out;
});

/** addi-prop: additionalProperties only for maps, not next to declared properties. */
export const additionalPropertiesForMaps = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const hasProperties = isObject(schema.properties) && Object.keys(schema.properties).length > 0;
    const open = schema.additionalProperties === true || isObject(schema.additionalProperties);
    // An Asynchronous Message (declares specversion) may carry CloudEvents extension attributes.
    if (hasProperties && open && !declaredProperties(schema).has('specversion')) {
      out.push(
        finding('additionalProperties should only be used for maps, not in a schema that declares properties', [
          ...at,
          'additionalProperties',
        ]),
      );
    }
  }
  return out;
});

const MONEY_WORDS = /currenc|euro|\beur\b|\busd\b|money|monetary|price|€|\$\d/i;
const NOT_MONEY = /\b(?:ratio|percent(?:age)?|share|count|number of|quantity|units?)\b/i;
/** A rate or margin is a proportion (0.05), not an amount of money, whatever else its name says. */
const PROPORTION_NAME = /ratio|rate(?![a-z])|percent|margin|share/i;
const CURRENCY_SIBLING = /^currency(?:code)?$|^currency_code$/i;
const MONEY_OWNER = /invoice|payment|price|bill|charge|transaction|salary|wage|money|fee|tax/i;

/**
 * Whether a number named like an amount is money (dec-type is about precision-sensitive decimals, money):
 * a money word in its description, a currency beside it, or an owner schema about money; not when its
 * description calls it a ratio, share or count.
 */
function isMoney(name: string, property: Json, owner: Json, ownerName: string | undefined, strong: RegExp): boolean {
  const description = typeof property.description === 'string' ? property.description : '';
  if (NOT_MONEY.test(description) || PROPORTION_NAME.test(name)) return false;
  if (strong.test(lastWord(name)) || MONEY_WORDS.test(description)) return true;
  if (Object.keys(isObject(owner.properties) ? owner.properties : {}).some((sibling) => CURRENCY_SIBLING.test(sibling)))
    return true;
  return ownerName !== undefined && MONEY_OWNER.test(ownerName);
}

/** The last word of a camelCase or snake_case name, in lower case (`unitPrice` → price; `deltax` stays deltax, no tax). */
const lastWord = (name: string): string => (name.split(/[_\-\s]+|(?<=[a-z0-9])(?=[A-Z])/).pop() ?? name).toLowerCase();

/**
 * dec-type: money should not be a binary floating point number. Names that are money in themselves
 * (price, cost, fee, ...) are enough; an amount or total must show it is money (an amount can be a count).
 */
export const decimalType = defineRuleFunction<{ namePattern: string; amountPattern: string }>(
  {
    type: 'object',
    properties: { namePattern: { type: 'string' }, amountPattern: { type: 'string' } },
    required: ['namePattern', 'amountPattern'],
    additionalProperties: false,
  },
  (root, options) => {
    const strong = new RegExp(options.namePattern, 'i');
    const amount = new RegExp(options.amountPattern, 'i');
    const out: Finding[] = [];
    for (const visit of inventory(root).schemas) {
      const { schema, at } = visit;
      const ownerName = visit.componentName ?? componentNameIn(at);
      for (const [name, property] of entries(schema.properties)) {
        if (
          !isObject(property) ||
          singleType(property) !== 'number' ||
          !(strong.test(lastWord(name)) || amount.test(lastWord(name)))
        )
          continue;
        if (isMoney(name, property, schema, ownerName, strong)) {
          out.push(
            finding(
              `"${name}" looks like a decimal amount: use type string with format number (or integer cents), not type number`,
              [...at, 'properties', name],
            ),
          );
        }
      }
    }
    return out;
  },
);

/** multi-lang: texts in several languages are one object keyed by language code, not one property per language. */
export const multiLanguage = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const suffixed = /^[a-z][a-zA-Z0-9]*(Nl|Fr|De|En)$/;
  for (const { schema, at } of inventory(root).schemas) {
    for (const name of Object.keys(isObject(schema.properties) ? schema.properties : {})) {
      if (suffixed.test(name)) {
        out.push(
          finding(
            `"${name}" holds one language: use one property with an object keyed by language code (nl, fr, de, en)`,
            [...at, 'properties', name],
          ),
        );
      }
    }
  }
  return out;
});

/** prf-embed: `embedded` is a map (object with additionalProperties) keyed by the embedded resources' URIs. */
export const embeddedIsMap = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const embedded = isObject(schema.properties) ? schema.properties.embedded : undefined;
    if (!isObject(embedded) || typeof embedded.$ref === 'string') continue;
    const isMap =
      effectiveType(embedded) === 'object' &&
      (isObject(embedded.additionalProperties) || embedded.additionalProperties === true);
    if (!isMap)
      out.push(
        finding(
          '"embedded" should be an object with additionalProperties, keyed by the href of each embedded resource',
          [...at, 'properties', 'embedded'],
        ),
      );
  }
  return out;
});

const ID_NAME = /^(?:id|[a-z][a-zA-Z0-9]*Id)$/;

/** The sample values a schema gives (example, examples, default, enum, const). */
const sampleValues = (schema: Json): unknown[] =>
  [schema.example, ...asArray(schema.examples), schema.default, ...(enumerated(schema)?.values ?? [])].filter(
    (v) => v !== undefined,
  );

/**
 * The rule is about existing numerical identifiers: integers, or digit strings (leading zeros) whose
 * samples show they are numbers. A free-form string id (a UUID, a CloudEvents id) is none of its business.
 */
function numericIdProblem(schema: Json): string | undefined {
  const type = singleType(schema);
  if (type === 'integer') {
    const missing = ['format', 'minimum', 'maximum'].filter((k) => schema[k] === undefined);
    return missing.length > 0 ? `an integer identifier should declare ${missing.join(', ')}` : undefined;
  }
  if (type === 'string') {
    const samples = sampleValues(schema);
    const numeric = samples.length > 0 && samples.every((v) => typeof v === 'string' && /^\d+$/.test(v));
    const constrained =
      schema.pattern !== undefined || schema.format !== undefined || Array.isArray(schema.enum) || 'const' in schema;
    return numeric && !constrained ? 'a numerical identifier held as a string should declare a pattern' : undefined;
  }
  return undefined;
}

/** id-numer: identifiers are constrained: integers with format, minimum and maximum; strings with a pattern. */
export const identifierSchemas = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    const name =
      visit.propertyName ??
      (visit.parameter && visit.parameter.in !== 'header' ? String(visit.parameter.name) : undefined) ??
      visit.componentName;
    const isId =
      name !== undefined &&
      (ID_NAME.test(name) || (visit.componentName !== undefined && /Id$/.test(visit.componentName)));
    if (!isId) continue;
    const problem = numericIdProblem(visit.schema);
    if (problem) out.push(finding(`Identifier "${name}": ${problem}`, visit.at));
  }
  return out;
});
