// What cod-design takes for no code of the API's: standard values (HTTP methods, media types, language
// ranges, GeoJSON types, health states), values a header's specification defines, JSON-LD terms.
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { type SchemaVisit } from '../../../support/inventory.js';
import { isObject, type Json, type JsonPath } from '../../../support/json.js';
import { definitionPath } from '../../../functions/define.js';
import { JSON_LD_KEYWORDS, componentNameIn, inheritsFrom } from '../../../functions/schema-properties.js';

/** The component a schema is defined in, wherever the file: the mapped path's (through $refs to other files), or its own. */
export function definingComponent(visit: SchemaVisit, context: RulesetFunctionContext): string | undefined {
  return componentNameIn(definitionPath(context, visit.at)) ?? componentNameIn(visit.at);
}
export const HEALTH_STATES = new Set(['UP', 'DOWN', 'DEGRADED', 'OUT_OF_SERVICE', 'UNKNOWN']);
/** CloudEvents messages (belgif's AsynchronousMessageBase) use reverse-DNS event types as discriminator values. */
export function isAsynchronousMessage(schema: Json, at: JsonPath, context: RulesetFunctionContext): boolean {
  if (!isObject(schema.discriminator) || schema.discriminator.propertyName !== 'type') return false;
  const base = 'AsynchronousMessageBase';
  if (Array.isArray(schema.oneOf))
    return schema.oneOf.every((m, i) => isObject(m) && inheritsFrom(m, [...at, 'oneOf', i], base, context));
  return inheritsFrom(schema, at, base, context);
}
export const SORT = /sort/i;
// Values a standard defines, not code types the API designs (the guide's cod-design is about new code
// types): HTTP methods (RFC 9110), media types, IANA time zones, URIs and URNs, EPSG codes, Prefer values,
// language tags with a region (BCP 47: en-US), ISO 216 and North American paper sizes.
export const HTTP_METHOD_NAMES = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'CONNECT',
]);
export const STANDARD_VALUE = [
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
export const NUMBER_VALUE = /^v?\d+(?:\.\d+)+$/;
export const isStandardValue = (value: string): boolean =>
  HTTP_METHOD_NAMES.has(value) || NUMBER_VALUE.test(value) || STANDARD_VALUE.some((pattern) => pattern.test(value));
// GeoJSON's type member (RFC 7946): a list made of these names alone is that standard's, not the API's.
export const GEOJSON_TYPES = new Set([
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
export const HTTP_TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:=\S+)?$/;
export const LANGUAGE_RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;
export const LANGUAGE_HEADERS = new Set(['accept-language', 'content-language']);
export const REGISTERED_HEADERS = new Set([
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
export const SELECTOR_HEADER = /^(?:x-amz-target|soapaction)$|-(?:target|action|operation)$/i;
/** Whether a header's specification defines `value` (so it is no code of the API's). */
export function definedByHeader(name: string | undefined, value: string): boolean {
  if (name === undefined) return false;
  const lower = name.toLowerCase();
  if (SELECTOR_HEADER.test(name)) return true;
  if (LANGUAGE_HEADERS.has(lower)) return LANGUAGE_RANGE.test(value);
  return REGISTERED_HEADERS.has(lower) && HTTP_TOKEN.test(value);
}
/** Whether a schema is a JSON-LD keyword's value (`"@type": "dcterms:Agent"`), itself or through array items. */
export function isJsonLdKeywordValue(visit: SchemaVisit): boolean {
  for (let v: SchemaVisit | undefined = visit; v; v = v.relation === 'items' ? v.parent : undefined) {
    if (v.propertyName !== undefined) return JSON_LD_KEYWORDS.has(v.propertyName);
  }
  return false;
}
/** The name of the header (a header parameter or a response header) whose schema this is, or through array items. */
export function headerNameOf(visit: SchemaVisit): string | undefined {
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
export const CITES_STANDARD =
  /\b(?:ISO(?:\/IEC)?[ -]?\d{3,5}|RFC ?\d{3,5}|BCP ?\d+|EN ?\d{3,5}|IANA|UN\/?(?:ECE|LOCODE)|NACE|HL7|ICAO|IATA|ISCO|NUTS|(?:international|official|external) (?:standard|code ?list))\b/i;
export const describedAsStandard = (...texts: unknown[]): boolean =>
  texts.some((t) => typeof t === 'string' && CITES_STANDARD.test(t));
// Codes a standard fixes, no "new code type": ISO 4217 currencies and ISO 3166-1 countries under their names
// (priceCurrency: EUR, country: BE), and a list of data formats' names alone (format: json, json-ld).
const NAMED_STANDARDS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/currenc/i, /^[A-Z]{3}$/],
  [/countr|nationalit/i, /^[A-Z]{2,3}$/],
];
const FORMAT_NAMES = new Set(
  (
    'json json-ld jsonld geojson xml csv tsv html pdf rdf rdf-xml rdfxml turtle ttl n-triples ntriples nt n3 ' +
    'n-quads nquads trig yaml yml xlsx xls ods odt docx txt zip gml kml atom rss ics'
  ).split(' '),
);
/** Whether `values`, under one of `names` (parameter, property, component), are a named standard's codes. */
export function namedStandardCodes(names: ReadonlyArray<string | undefined>, values: readonly string[]): boolean {
  if (values.length === 0) return false;
  if (values.every((v) => FORMAT_NAMES.has(v.toLowerCase()))) return true;
  return NAMED_STANDARDS.some(
    ([name, code]) => names.some((n) => n !== undefined && name.test(n)) && values.every((v) => code.test(v)),
  );
}
