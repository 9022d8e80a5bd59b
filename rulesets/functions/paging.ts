// col-paging: a paged collection's response carries the links and properties the guide's pagination
// table makes MANDATORY: `next` (on every page but the last) and, paged by offset, `page`.
import { declaredProperties, effectiveType, operationsOf, parametersOf, responsesOf } from '../support/inventory.js';
import { entries, isJsonMediaType, isObject, type Json, type JsonPath } from '../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from './define.js';
import { collectionGets, pagingInformation, pagingParameters } from './collections.js';

// The guide's reserved paging parameters, and its cursor example's `afterCompany` (a key after which the page starts).
const OFFSET = 'page';
const PAGE_SIZE = 'pageSize';
const CURSOR = /^(?:after(?:[A-Z][A-Za-z0-9]*)?|cursor)$/;

/** The JSON body schema of a 200 response, with its path; undefined when none can be judged. */
function okBody(response: Json, at: JsonPath): { schema: Json; at: JsonPath } | undefined {
  for (const [mediaType, media] of entries(response.content)) {
    if (isJsonMediaType(mediaType) && isObject(media) && isObject(media.schema))
      return { schema: media.schema, at: [...at, 'content', mediaType, 'schema'] };
  }
  return undefined;
}

/** A (circular) $ref left where the properties come from: the schema cannot be read whole. */
const opaque = (schema: Json, depth = 0): boolean =>
  typeof schema.$ref === 'string' ||
  (depth < 32 && (Array.isArray(schema.allOf) ? schema.allOf : []).some((m) => !isObject(m) || opaque(m, depth + 1)));

/**
 * col-paging: a GET answering a collection (an object with an `items` array, or a list by its shape:
 * rulesets/functions/collections.ts) and taking a paging parameter (`page`, `pageSize`, a cursor such as
 * `afterCompany`, or a framework's `limit`) or answering paging information (`hasNext`, `pageInfo`) declares
 * `next`; paged by `page`, it declares the `page` property too. One finding per response, naming what is missing.
 */
export const pagedCollectionLinks = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const collections = new Map(collectionGets(root).map((c) => [c.op.operation, c]));
  for (const op of operationsOf(root)) {
    if (op.method !== 'get') continue;
    const names = parametersOf(op)
      .filter((p) => p.parameter.in === 'query')
      .map((p) => String(p.parameter.name));
    const guidePaging = names.filter((n) => n === OFFSET || n === PAGE_SIZE || CURSOR.test(n));
    const collection = collections.get(op.operation);
    if (guidePaging.length === 0 && collection === undefined) continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const body = ok ? okBody(ok.response, ok.at) : undefined;
    if (!body || opaque(body.schema)) continue;
    const properties = declaredProperties(body.schema);
    const items = properties.get('items');
    const itemsArray = isObject(items) && effectiveType(items) === 'array';
    // An array body has no member to hold next: col-repres asks for the object first.
    if (effectiveType(body.schema) === 'array') continue;
    const by =
      guidePaging.length > 0 && (itemsArray || collection !== undefined)
        ? guidePaging.map((n) => `?${n}`)
        : collection !== undefined
          ? [...pagingParameters(op).map((n) => `?${n}`), ...pagingInformation(properties)]
          : [];
    if (by.length === 0) continue;
    const missing = [
      ...(properties.has('next') ? [] : ['"next" (MANDATORY on every page but the last)']),
      ...(names.includes(OFFSET) && !properties.has('page') ? ['"page" (MANDATORY for offset-based paging)'] : []),
    ];
    if (missing.length === 0) continue;
    out.push(
      finding(
        `${op.path} is paged (${by.join(', ')}) but its response declares no ${missing.join(' and no ')}: add it to the collection's schema`,
        body.at,
      ),
    );
  }
  return out;
});
