// Which GET operations answer a collection, by the path (a child `<path>/{id}`) or by the shape of
// what they answer: a JSON array; an object whose main member is an array of objects beside only
// paging and link members; an object holding a list with paging information (`hasNext`,
// `pageInfo`); or a list on a GET taking paging parameters. col-repres and col-paging judge them.
import { refOf } from '../../src/openapi/refs.js';
import { declaredProperties, effectiveType, operationsOf, parametersOf, responsesOf } from '../support/inventory.js';
import type { OperationVisit } from '../support/inventory.js';
import { bareMediaType, entries, isJsonMediaType, isObject, type Json, type JsonPath } from '../support/json.js';
import { isWellKnownPath } from '../support/well-known.js';
import { withoutExtension } from './paths.js';

export interface CollectionGet {
  op: OperationVisit;
  /** The 200 response's first JSON body schema and where it sits. */
  schema: Json;
  at: JsonPath;
  mediaType: string;
  /** `path`: the path has an item child; `shape`: what it answers says it is a list. */
  by: 'path' | 'shape';
  /** By shape: the member holding the list (undefined when the body itself is the array). */
  list?: string;
}

/** application/json and its +json structured-suffix types (problem+json, merge-patch+json). */
export const isJsonFamily = (bare: string): boolean =>
  bare === 'application/json' || /^application\/[\w.-]+\+json$/.test(bare);

/** A response's first JSON body schema, with its path; undefined when it has none to judge. */
export function jsonBodyOf(response: Json, at: JsonPath): { schema: Json; at: JsonPath } | undefined {
  for (const [mediaType, media] of entries(response.content)) {
    if (isJsonMediaType(mediaType) && isObject(media) && isObject(media.schema))
      return { schema: media.schema, at: [...at, 'content', mediaType, 'schema'] };
  }
  return undefined;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');
const isParamSegment = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

// Paging parameters: the guide's (page, pageSize, a cursor such as afterCompany) and the common ones of
// frameworks (offset/limit, skip/limit, per_page, page tokens). Compared lower-cased, without _ and -.
const PAGING_PARAMETERS = new Set([
  'page',
  'pagesize',
  'perpage',
  'pagenumber',
  'pagetoken',
  'offset',
  'skip',
  'limit',
  'cursor',
  'continuationtoken',
]);
const isPagingParameter = (name: string): boolean => {
  const bare = name.toLowerCase().replace(/[-_]/g, '');
  return PAGING_PARAMETERS.has(bare) || /^after(?:[A-Z][A-Za-z0-9]*)?$/.test(name);
};

// Members that say a list is paged.
const PAGING_INFO = new Set(['next', 'hasnext', 'hasmore', 'hasnextpage', 'nextcursor', 'nextpagetoken', 'pageinfo']);
// Members a collection's object carries beside its list: links, counts and paging information.
const COLLECTION_MEMBERS = new Set([
  ...PAGING_INFO,
  'self',
  'href',
  'prev',
  'previous',
  'first',
  'last',
  'page',
  'pagesize',
  'pagenumber',
  'totalitems',
  'totalpages',
  'totalcount',
  'total',
  'count',
  'size',
  'offset',
  'limit',
  'cursor',
  'hasprevious',
  'paging',
  'pagination',
  'links',
  'meta',
  'metadata',
  'embedded',
]);
const bare = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

const isArray = (schema: unknown): schema is Json => isObject(schema) && effectiveType(schema) === 'array';
const isArrayOfObjects = (schema: unknown): boolean =>
  isArray(schema) &&
  isObject(schema.items) &&
  (refOf(schema.items) !== undefined || effectiveType(schema.items) === 'object');

/** The paging information a body's members carry: `hasNext`, or `pageInfo.hasNext` and the like. */
export function pagingInformation(properties: ReadonlyMap<string, unknown>): string[] {
  const out: string[] = [];
  for (const [name, value] of properties) {
    if (!PAGING_INFO.has(bare(name)) || bare(name) === 'next') continue;
    if (bare(name) === 'pageinfo' && isObject(value)) {
      const inner = [...declaredProperties(value).keys()].filter((n) => PAGING_INFO.has(bare(n)));
      out.push(...(inner.length > 0 ? inner.map((n) => `${name}.${n}`) : [name]));
    } else out.push(name);
  }
  return out;
}

/** The query parameters of a GET that page it. */
export const pagingParameters = (op: OperationVisit): string[] =>
  parametersOf(op)
    .filter((p) => p.parameter.in === 'query' && typeof p.parameter.name === 'string')
    .map((p) => String(p.parameter.name))
    .filter(isPagingParameter);

/** What a GET answers if it is a list, by its shape alone: the body itself (`''`) or the member holding it. */
function listOf(op: OperationVisit, schema: Json): string | undefined {
  if (isArray(schema)) return '';
  const type = effectiveType(schema);
  if (type !== 'object' && type !== undefined) return undefined;
  const properties = declaredProperties(schema);
  const lists = [...properties].filter(([, value]) => isArray(value));
  if (lists.length !== 1) return undefined;
  const [[name, list]] = lists as [[string, unknown]];
  const others = [...properties.keys()].filter((other) => other !== name);
  if (isArrayOfObjects(list) && others.every((other) => COLLECTION_MEMBERS.has(bare(other)))) return name;
  return pagingInformation(properties).length > 0 || pagingParameters(op).length > 0 ? name : undefined;
}

const cache = new WeakMap<object, CollectionGet[]>();

/** Every GET answering a collection, once per document. */
export function collectionGets(root: Json): CollectionGet[] {
  const known = cache.get(root);
  if (known) return known;
  const byPath = new Set<string>();
  for (const path of Object.keys(isObject(root.paths) ? root.paths : {})) {
    const segments = segmentsOf(withoutExtension(path));
    const last = segments[segments.length - 1];
    if (last !== undefined && isParamSegment(last)) byPath.add(`/${segments.slice(0, -1).join('/')}`);
  }
  const out: CollectionGet[] = [];
  for (const op of operationsOf(root)) {
    if (op.method !== 'get' || isWellKnownPath(op.path)) continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const json = ok
      ? entries(ok.response.content).find(
          ([mediaType, media]) => isJsonFamily(bareMediaType(mediaType)) && isObject(media),
        )
      : undefined;
    if (!ok || !json) continue;
    const [mediaType, media] = json as [string, Json];
    const schema = media.schema;
    if (!isObject(schema) || refOf(schema) !== undefined) continue;
    const at = [...ok.at, 'content', mediaType, 'schema'];
    if (byPath.has(withoutExtension(op.path).replace(/\/$/, ''))) out.push({ op, schema, at, mediaType, by: 'path' });
    else {
      const list = listOf(op, schema);
      if (list !== undefined) out.push({ op, schema, at, mediaType, by: 'shape', list: list || undefined });
    }
  }
  cache.set(root, out);
  return out;
}
