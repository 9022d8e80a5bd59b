// What the mock serves, read from the document: its collections (as a check run models them, plus GETs
// that answer a list), their records, and the notes on what it cannot serve the guide's way.
import { deriveProfile } from '../core/profile/openapi-profile.js';
import { followLocalRefs } from '../openapi/refs.js';
import { ValueMaker } from './values.js';
import type { WrittenRecords } from './written.js';
import { isObject } from '../openapi/json.js';

type Json = Record<string, unknown>;
/** The methods the mock serves (the reference server's pipeline takes these five). */
export const SERVED_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Per server: its collections by path and item path, the maker of values, answers made once per URL. */
export interface MockState {
  document: Json;
  maker: ValueMaker;
  byPath: Map<string, MockCollection>;
  byItemPath: Map<string, MockCollection>;
  answers: Map<string, unknown>;
  /** Where writes are stored, within the budget of written data. */
  written: WrittenRecords;
}

export interface MockCollection {
  path: string;
  itemPath?: string;
  /** The record member holding its id (the item path's parameter when the records have no such member). */
  key: string;
  idSchema: Json;
  /** Schema of one record: the item's GET answer, else the list's element. */
  recordSchema: Json;
  /** The list's member holding the page's elements; undefined when the answer is an array. */
  listMember?: string;
  listSchema: Json;
  elementSchema: Json;
  paging:
    | { kind: 'offset'; page: string; pageSize: string; size: number }
    | { kind: 'cursor'; param: string; pageSize: string; size: number; member?: string; required?: boolean }
    | { kind: 'none' };
  filters: string[];
  sorts: string[];
  fullText?: string;
  records: Map<string, Json>;
  /**
   * A list below path parameters (`/owners/{ownerId}/pets`): its `path` and `itemPath` are templates, and
   * each parent (`/owners/5/pets`) has its own records, in a collection of its own made on first use.
   */
  nested?: Map<string, MockCollection>;
}

/** The JSON schema of an operation's first 2xx answer (or of `status`), with its status. */
export function answerOf(
  document: Json,
  operation: unknown,
  status?: number,
): { status: number; schema?: Json; holder?: Json } | undefined {
  const op = followLocalRefs(document, operation).value;
  if (!isObject(op) || !isObject(op['responses'])) return undefined;
  const codes = Object.keys(op['responses']).filter((code) =>
    status === undefined ? /^2\d\d$/.test(code) : code === String(status),
  );
  const code = codes.sort()[0];
  if (code === undefined) return undefined;
  const response = followLocalRefs(document, op['responses'][code]).value;
  const content = isObject(response) && isObject(response['content']) ? response['content'] : {};
  const type = Object.keys(content).find((t) => /json/i.test(t));
  const holder = type ? followLocalRefs(document, content[type]).value : undefined;
  const schema =
    isObject(holder) && holder['schema'] !== undefined
      ? (followLocalRefs(document, holder['schema']).value as Json)
      : undefined;
  return { status: Number(code), ...(schema ? { schema } : {}), ...(isObject(holder) ? { holder } : {}) };
}

/** The list member of a list answer's schema: `items`, else the first array of objects. */
function listMemberOf(maker: ValueMaker, schema: Json): { member?: string; element: Json } | undefined {
  if (schema['type'] === 'array' || (isObject(schema['items']) && !isObject(schema['properties'])))
    return { element: maker.resolve(schema['items']) };
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const arrays = Object.entries(properties).filter(([, value]) => maker.resolve(value)['type'] === 'array');
  const chosen =
    arrays.find(([name]) => name === 'items') ??
    arrays.find(
      ([, value]) =>
        maker.resolve(maker.resolve(value)['items'])['type'] === 'object' ||
        isObject(maker.resolve(maker.resolve(value)['items'])['properties']),
    );
  if (!chosen) return undefined;
  return { member: chosen[0], element: maker.resolve(maker.resolve(chosen[1])['items']) };
}

/** Names a cursor parameter goes by when the profile finds none (the guide's `after`, and common others). */
const CURSOR_NAMES = new Set(['after', 'cursor', 'pageToken', 'pageState', 'continuationToken', 'nextToken']);

const queryNames = (document: Json, pathItem: unknown, operation: unknown): string[] =>
  [pathItem, operation].flatMap((holder) => {
    const h = followLocalRefs(document, holder).value;
    return (isObject(h) && Array.isArray(h['parameters']) ? h['parameters'] : [])
      .map((p) => followLocalRefs(document, p).value)
      .filter((p): p is Json => isObject(p) && p['in'] === 'query' && typeof p['name'] === 'string')
      .map((p) => String(p['name']));
  });

/**
 * A cursor the profile misses: a query parameter the list's page information echoes (as eBox's events
 * take `lastSequenceNbr` and answer `pageInfo.lastSequenceNbr`), else one of the usual cursor names.
 */
function cursorParamOf(maker: ValueMaker, listSchema: Json, names: string[]): string | undefined {
  const properties = isObject(listSchema['properties']) ? listSchema['properties'] : {};
  const echoed = new Set(
    Object.values(properties).flatMap((value) => {
      const nested = maker.resolve(value)['properties'];
      return isObject(nested) ? Object.keys(nested) : [];
    }),
  );
  return names.find((name) => echoed.has(name) && name !== 'pageSize') ?? names.find((n) => CURSOR_NAMES.has(n));
}

/** The element member a cursor stands for: the one its name ends like (`lastSequenceNbr`, `eventSequenceNbr`). */
function cursorMemberOf(element: Json, param: string): string | undefined {
  const properties = isObject(element['properties']) ? Object.keys(element['properties']) : [];
  let best: { name: string; length: number } | undefined;
  for (const name of properties) {
    let length = 0;
    while (length < Math.min(name.length, param.length) && name.at(-1 - length) === param.at(-1 - length)) length++;
    if (length >= 3 && (!best || length > best.length)) best = { name, length };
  }
  return best?.name;
}

const parameterSchema = (document: Json, pathItem: unknown, operation: unknown, name: string): Json | undefined => {
  const all = [pathItem, operation].flatMap((holder) => {
    const h = followLocalRefs(document, holder).value;
    return isObject(h) && Array.isArray(h['parameters']) ? h['parameters'] : [];
  });
  for (const p of all) {
    const param = followLocalRefs(document, p).value;
    if (isObject(param) && param['name'] === name) return followLocalRefs(document, param['schema']).value as Json;
  }
  return undefined;
};

/** Whether the list requires query parameter `name` (then no page of it can leave it out). */
const requiredQuery = (document: Json, pathItem: unknown, operation: unknown, name: string): boolean =>
  [pathItem, operation].some((holder) => {
    const h = followLocalRefs(document, holder).value;
    return (isObject(h) && Array.isArray(h['parameters']) ? h['parameters'] : [])
      .map((p) => followLocalRefs(document, p).value)
      .some((p) => isObject(p) && p['in'] === 'query' && p['name'] === name && p['required'] === true);
  });

/** The collections of `document`: those a run would check, then other GETs that answer a list. */
export function collectionsOf(document: Json, maker: ValueMaker): MockCollection[] {
  const paths = (isObject(document['paths']) ? document['paths'] : {}) as Record<string, Json>;
  const profile = deriveProfile(document);
  const found: MockCollection[] = [];
  const seen = new Set<string>();
  const candidates = [
    ...(profile.collections ?? []),
    // A path ending in a parameter is one document, never a list.
    ...Object.keys(paths)
      .filter((path) => !/\}\/?$/.test(path) && isObject(paths[path]?.['get']))
      .map((path) => ({ path })),
  ];
  for (const candidate of candidates) {
    if (seen.has(candidate.path)) continue;
    const pathItem = paths[candidate.path];
    const list = answerOf(document, pathItem?.['get'], 200);
    if (!list?.schema) continue;
    const shape = listMemberOf(maker, maker.resolve(list.schema));
    if (!shape) continue;
    seen.add(candidate.path);
    const c = candidate as (typeof profile.collections & object)[number];
    const itemPath = c.itemPath;
    const itemAnswer = itemPath ? answerOf(document, paths[itemPath]?.['get'], 200) : undefined;
    const recordSchema = itemAnswer?.schema ? maker.resolve(itemAnswer.schema) : shape.element;
    const idParam = itemPath ? /\{([^}]+)\}$/.exec(itemPath)?.[1] : undefined;
    const getOp = pathItem?.['get'];
    const sizeSchema = (name: string) => parameterSchema(document, pathItem, getOp, name);
    const defaultSize = (name: string): number => {
      const s = sizeSchema(name);
      const value = s?.['default'];
      return typeof value === 'number' && value > 0 ? Math.min(value, 100) : 10;
    };
    const names = queryNames(document, pathItem, getOp);
    const cursorParam =
      c.paging?.kind === 'cursor'
        ? (c.paging.param ?? 'after')
        : c.paging?.kind === 'offset'
          ? undefined
          : cursorParamOf(maker, maker.resolve(list.schema), names);
    const cursorMember = cursorParam ? cursorMemberOf(shape.element, cursorParam) : undefined;
    const pageSizeName = c.pageSizeParam ?? 'pageSize';
    const paging: MockCollection['paging'] = cursorParam
      ? {
          kind: 'cursor',
          param: cursorParam,
          pageSize: pageSizeName,
          size: defaultSize(pageSizeName),
          ...(cursorMember ? { member: cursorMember } : {}),
          ...(requiredQuery(document, pathItem, getOp, cursorParam) ? { required: true } : {}),
        }
      : c.paging?.kind === 'offset' || sizeSchema('page') || sizeSchema('pageSize')
        ? {
            kind: 'offset',
            page: c.pageParam ?? 'page',
            pageSize: pageSizeName,
            size: defaultSize(pageSizeName),
          }
        : { kind: 'none' };
    // A list without item path is keyed by what its cursor walks, so that each record has its own place.
    const key = c.key ?? idParam ?? cursorMember ?? 'id';
    const fromPath =
      itemPath && idParam ? parameterSchema(document, paths[itemPath], paths[itemPath]?.['get'], idParam) : undefined;
    const fromRecord = isObject(recordSchema['properties'])
      ? maker.resolve(recordSchema['properties'][key])
      : undefined;
    found.push({
      path: candidate.path,
      ...(itemPath ? { itemPath } : {}),
      key,
      idSchema:
        fromRecord && Object.keys(fromRecord).length ? fromRecord : (fromPath ?? { type: 'integer', minimum: 1 }),
      recordSchema,
      ...(shape.member ? { listMember: shape.member } : {}),
      listSchema: maker.resolve(list.schema),
      elementSchema: shape.element,
      paging,
      filters: c.filters ?? [],
      sorts: c.sorts ?? [],
      ...(c.fullText ? { fullText: c.fullText } : {}),
      records: new Map(),
      ...(candidate.path.includes('{') ? { nested: new Map() } : {}),
    });
  }
  return found;
}

/** Fills a collection with `count` records made from its schema, each with a fresh id. */
export function seedCollection(collection: MockCollection, maker: ValueMaker, count: number, given?: unknown[]): void {
  const records = given ?? Array.from({ length: count }, () => maker.make(collection.recordSchema, { fresh: true }));
  for (const [index, made] of records.entries()) {
    const record: Json = isObject(made) ? { ...made } : { value: made };
    let id = record[collection.key];
    // The first record keeps the document's example id (a consumer copies it from the docs); others get fresh ones.
    for (let tries = 0; id === undefined || collection.records.has(String(id)); tries++) {
      id =
        tries < 50
          ? maker.make(collection.idSchema, { fresh: index > 0 || tries > 0 })
          : `${String(id ?? 'id')}-${index}`;
    }
    record[collection.key] = id;
    collection.records.set(String(id), record);
  }
}
