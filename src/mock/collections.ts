// A collection and its items served the guide's way: pages with their links, filters and sort, select,
// ETags and If-Match, creates with a Location, merge patches.
import { createHash } from 'node:crypto';
import type { Reply, RequestContext } from '../reference-server/context.js';
import { mergePatch } from '../reference-server/merge-patch.js';
import { badRequest, issue, notFound, ProblemError } from '../reference-server/problems.js';
import { applySelect, parseSelect, type Shape } from '../reference-server/select.js';
import { answerOf, type MockCollection, type MockState } from './model.js';
import type { ValueMaker } from './values.js';
import { isObject } from '../openapi/json.js';
import { followLocalRefs } from '../openapi/refs.js';

type Json = Record<string, unknown>;

const etagOf = (record: unknown): string =>
  `"${createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 16)}"`;

export const itemUrl = (ctx: RequestContext<MockState>, c: MockCollection, id: unknown): string =>
  `${ctx.base}${(c.itemPath ?? `${c.path}/{id}`).replace(/\{[^}]+\}$/, encodeURIComponent(String(id)))}`;

/** A record as its schema shows it: links it declares filled in. */
function represent(ctx: RequestContext<MockState>, c: MockCollection, record: Json, schema: Json): Json {
  const properties = isObject(schema['properties']) ? schema['properties'] : undefined;
  if (!properties) return record;
  const out: Json = {};
  for (const name of Object.keys(properties)) {
    if (name === 'href' || name === 'self') out[name] = itemUrl(ctx, c, record[c.key]);
    else if (record[name] !== undefined) out[name] = record[name];
  }
  return out;
}

/**
 * Whether an element's schema has room for an `href` it does not declare: neither JSON Schema keyword closes
 * it, and other members, where their schema is given, may be text.
 */
function hasRoomForHref(maker: ValueMaker, schema: Json): boolean {
  const others = [schema['additionalProperties'], schema['unevaluatedProperties']];
  return others.every((other) => {
    if (other === false) return false;
    const type = isObject(other) ? maker.resolve(other)['type'] : undefined;
    return type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'));
  });
}

/**
 * An element of a page: as its schema shows it, plus the guide's `href` to its item where the schema declares
 * none and has room for it (BeSt links elements by `self` only), so a consumer and `check` can walk the list.
 */
function elementOf(ctx: RequestContext<MockState>, c: MockCollection, record: Json): Json {
  const element = represent(ctx, c, record, c.elementSchema);
  const declared = c.elementSchema['properties'];
  if (!c.itemPath || (isObject(declared) && 'href' in declared) || !hasRoomForHref(ctx.store.maker, c.elementSchema))
    return element;
  return { ...element, href: itemUrl(ctx, c, record[c.key]) };
}

export function filtered(ctx: RequestContext<MockState>, c: MockCollection): Json[] {
  let records = [...c.records.values()];
  for (const name of c.filters) {
    const wanted = ctx.query[name];
    if (wanted === undefined) continue;
    const values = Array.isArray(wanted) ? wanted.map(String) : [String(wanted)];
    records = records.filter(
      (r) => r[name] === undefined || values.some((v) => v.toLowerCase() === String(r[name]).toLowerCase()),
    );
  }
  const text = c.fullText ? ctx.query[c.fullText] : undefined;
  if (typeof text === 'string' && text)
    // Links are the mock's own (filled in on output), never what a text search finds.
    records = records.filter((r) =>
      Object.entries(r).some(
        ([k, v]) =>
          k !== 'self' && k !== 'href' && typeof v === 'string' && v.toLowerCase().includes(text.toLowerCase()),
      ),
    );
  const sort = ctx.query['sort'];
  const keys = (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : [])
    .map(String)
    .filter(Boolean);
  if (keys.length)
    records.sort((a, b) => {
      for (const key of keys) {
        const [name, direction] = key.startsWith('-') ? [key.slice(1), -1] : [key, 1];
        const [x, y] = [a[name], b[name]];
        if (x === y) continue;
        const before = typeof x === 'number' && typeof y === 'number' ? x < y : String(x ?? '') < String(y ?? '');
        return (before ? -1 : 1) * direction;
      }
      return 0;
    });
  return records;
}

function withQuery(ctx: RequestContext<MockState>, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(ctx.searchParams);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return `${ctx.base}${ctx.path}${query ? `?${query}` : ''}`;
}

/**
 * A page index or size as the guide pages: a whole number from 1, whatever the document's schema leaves open
 * (`page=0`, `pageSize=-1`, `page=two` are 400, never an empty page pointing to another).
 */
function pagingNumber(ctx: RequestContext<MockState>, name: string, fallback: number): number {
  const raw = ctx.query[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= 1) return value;
  throw badRequest([issue('schemaViolation', 'query', name, raw, `${name} must be a whole number from 1`)]);
}

/** Whether `embed` asks for anything: a boolean one filled in with its default `false` asks nothing. */
const embedAsked = (value: unknown): boolean => value !== undefined && value !== false && value !== 'false';

export function listPage(ctx: RequestContext<MockState>, c: MockCollection): Reply {
  const all = filtered(ctx, c);
  const paging: Json = { self: `${ctx.base}${ctx.path}${ctx.rawQuery}` };
  let page = all;
  if (c.paging.kind === 'offset') {
    const size = pagingNumber(ctx, c.paging.pageSize, c.paging.size);
    const index = pagingNumber(ctx, c.paging.page, 1);
    const last = Math.max(1, Math.ceil(all.length / size));
    page = all.slice((index - 1) * size, index * size);
    Object.assign(paging, { total: all.length, totalItems: all.length, page: index, pageSize: size });
    paging['first'] = withQuery(ctx, { [c.paging.page]: '1' });
    paging['last'] = withQuery(ctx, { [c.paging.page]: String(last) });
    if (index < last) paging['next'] = withQuery(ctx, { [c.paging.page]: String(index + 1) });
    if (index > 1) paging['prev'] = withQuery(ctx, { [c.paging.page]: String(Math.min(index - 1, last)) });
  } else if (c.paging.kind === 'cursor') {
    const size = pagingNumber(ctx, c.paging.pageSize, c.paging.size);
    paging['pageSize'] = size;
    const after = ctx.query[c.paging.param];
    const member = c.paging.member ?? c.key;
    const sorted = [...all].sort((a, b) => compareCursors(a[member], b[member]));
    const start = after === undefined ? 0 : sorted.findIndex((r) => compareCursors(r[member], after) > 0);
    page = start < 0 ? [] : sorted.slice(start, start + size);
    const lastShown = page[page.length - 1];
    // The cursor the next request sends: the last element's, or the one asked when the page is empty.
    paging[c.paging.param] = lastShown ? lastShown[member] : after;
    if (start >= 0 && start + size < sorted.length && lastShown)
      paging['next'] = withQuery(ctx, { [c.paging.param]: String(lastShown[member]) });
    // The first page leaves the cursor out, which a required cursor cannot: then no `first`, nor a `prev` to it.
    if (!c.paging.required) paging['first'] = withQuery(ctx, { [c.paging.param]: undefined });
    if (start > 0) {
      const from = Math.max(0, start - size);
      const before = sorted[from - 1];
      if (before) paging['prev'] = withQuery(ctx, { [c.paging.param]: String(before[member]) });
      else if (!c.paging.required) paging['prev'] = paging['first'];
    }
  }
  const embed = embedAsked(ctx.query['embed']);
  const properties = isObject(c.listSchema['properties']) ? c.listSchema['properties'] : {};
  // Embedded items go where the document puts them: an `embedded` map keyed by href (or the list the document
  // declares there), else in the list itself.
  const inMap = embed && 'embedded' in properties;
  const elements = page.map((record) => {
    const element = elementOf(ctx, c, record);
    return embed && !inMap ? { ...represent(ctx, c, record, c.recordSchema), ...element } : element;
  });
  if (!c.listMember) return { status: 200, body: elements };
  const body: Json = {};
  let carried = false;
  const required = new Set(Array.isArray(c.listSchema['required']) ? c.listSchema['required'].map(String) : []);
  for (const name of Object.keys(properties)) {
    if (name === c.listMember) body[name] = elements;
    else if (name === 'embedded') {
      if (inMap)
        body[name] =
          ctx.store.maker.resolve(properties[name])['type'] === 'array'
            ? page.map((record) => represent(ctx, c, record, c.recordSchema))
            : Object.fromEntries(
                page.map((record) => [itemUrl(ctx, c, record[c.key]), represent(ctx, c, record, c.recordSchema)]),
              );
    } else if (paging[name] !== undefined) body[name] = paging[name];
    else if (name === 'pageInfo' || isObject(ctx.store.maker.resolve(properties[name])['properties'])) {
      body[name] = pageInfo(ctx, ctx.store.maker.resolve(properties[name]), paging);
      carried = true;
    } else if (required.has(name)) body[name] = ctx.store.maker.make(properties[name]);
  }
  // A paged list must say where the next page is: where the document declares neither `next` nor a page
  // information object to hold it, the link goes in the list itself, as far as its schema allows more.
  if (
    paging['next'] !== undefined &&
    !carried &&
    !('next' in properties) &&
    c.listSchema['additionalProperties'] !== false
  )
    body['next'] = paging['next'];
  body[c.listMember] = elements;
  return { status: 200, body };
}

/** Numbers compare as numbers (a sequence number's cursor), anything else as text. */
function compareCursors(x: unknown, y: unknown): number {
  const [a, b] = [Number(x), Number(y)];
  if (x !== '' && y !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return String(x ?? '') < String(y ?? '') ? -1 : String(x ?? '') > String(y ?? '') ? 1 : 0;
}

/**
 * A page information object as the document declares it: its members from the page (`hasNext`, the
 * cursor, links), required others made from their schema; `next` added only where the object allows more.
 */
function pageInfo(ctx: RequestContext<MockState>, schema: Json, paging: Json): Json {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
  const hasNext = paging['next'] !== undefined;
  const info: Json = {};
  for (const name of Object.keys(properties)) {
    if (/^has_?next/i.test(name)) info[name] = hasNext;
    else if (paging[name] !== undefined) info[name] = paging[name];
    else if (required.has(name)) info[name] = ctx.store.maker.make(properties[name]);
  }
  if (Object.keys(properties).length === 0) info['hasNext'] = hasNext;
  if (hasNext && !('next' in properties) && schema['additionalProperties'] !== false) info['next'] = paging['next'];
  return info;
}

export function recordOf(ctx: RequestContext<MockState>, c: MockCollection): Json {
  const id = String(Object.values(ctx.params).at(-1));
  const record = c.records.get(id);
  if (!record) throw notFound(ctx.path);
  return record;
}

export function requireMatch(ctx: RequestContext<MockState>, record: Json): void {
  const wanted = ctx.headers['if-match'];
  if (wanted === undefined || wanted === '*') return;
  const tags = String(wanted)
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (!tags.includes(etagOf(record))) throw new ProblemError('preconditionFailed');
}

export function itemReply(ctx: RequestContext<MockState>, c: MockCollection, record: Json, status = 200): Reply {
  const etag = etagOf(record);
  const matches = String(ctx.headers['if-none-match'] ?? '')
    .split(',')
    .some((t) => t.trim().replace(/^W\//, '') === etag);
  if (ctx.method === 'GET' && matches) return { status: 304, headers: { ETag: etag } };
  let body = represent(ctx, c, record, c.recordSchema);
  if (ctx.method === 'GET') {
    // A GET's self is the URL asked, query included: self reflects select.
    if ('self' in body) body.self = `${ctx.base}${ctx.path}${ctx.rawQuery}`;
    const select = ctx.query['select'];
    if (typeof select === 'string')
      body = applySelect(body, parseSelect(select), shapeOf(ctx.store.maker, c.recordSchema), select);
  }
  return { status, body, headers: { ETag: etag } };
}

/** The property tree of a schema, as select judges names against it. */
function shapeOf(maker: ValueMaker, schema: unknown, depth = 0): Shape {
  const properties = maker.resolve(schema)['properties'];
  const shape: Shape = {};
  if (!isObject(properties)) return shape;
  for (const [name, sub] of Object.entries(properties)) {
    const nested = depth < 6 ? shapeOf(maker, sub, depth + 1) : {};
    shape[name] = Object.keys(nested).length ? nested : true;
  }
  return shape;
}

/**
 * The status the document declares for a write, when it declares one other than the guide's default
 * (a POST answering 200, a DELETE 200 with a body): the mock shows the API as documented.
 */
export function declaredStatus(ctx: RequestContext<MockState>, operation: unknown, guide: number): number {
  const status = answerOf(ctx.store.document, operation)?.status;
  return status === undefined || answerOf(ctx.store.document, operation, guide) ? guide : status;
}

export function create(ctx: RequestContext<MockState>, c: MockCollection, operation?: unknown): Reply {
  const body = isObject(ctx.body) ? { ...ctx.body } : {};
  let id = body[c.key];
  if (id !== undefined && c.records.has(String(id)))
    throw new ProblemError('duplicateKey', { key: String(id).slice(0, 40) });
  for (let tries = 0; id === undefined || c.records.has(String(id)); tries++)
    id = tries < 50 ? ctx.store.maker.make(c.idSchema, { fresh: true }) : `${String(id)}-${c.records.size}`;
  const record = { ...body, [c.key]: id };
  ctx.store.written.write(c, String(id), record);
  const location = itemUrl(ctx, c, id);
  const status = declaredStatus(ctx, operation, 201);
  const reply = itemReply(ctx, c, record, status);
  if (status === 204 || declaresNoBody(ctx, operation, status)) delete reply.body;
  return { ...reply, headers: { ...reply.headers, Location: location } };
}

export function update(ctx: RequestContext<MockState>, c: MockCollection, operation: Json): Reply {
  const document = ctx.store.document;
  const id = Object.values(ctx.params).at(-1);
  // A PUT the document answers 201 creates the item it names (an upsert); any other write needs the item.
  if (!c.records.has(String(id)) && ctx.method === 'PUT' && answerOf(document, operation, 201)) {
    if (ctx.headers['if-match'] !== undefined) throw new ProblemError('preconditionFailed');
    const created = { ...(ctx.body as Json), [c.key]: id };
    ctx.store.written.write(c, String(id), created);
    const reply = itemReply(ctx, c, created, 201);
    if (declaresNoBody(ctx, operation, 201)) delete reply.body;
    return { ...reply, headers: { ...reply.headers, Location: itemUrl(ctx, c, id) } };
  }
  const record = recordOf(ctx, c);
  requireMatch(ctx, record);
  const changed = ctx.method === 'PATCH' ? (mergePatch(record, ctx.body) as Json) : { ...(ctx.body as Json) };
  const next = { ...changed, [c.key]: record[c.key] };
  ctx.store.written.write(c, String(record[c.key]), next);
  // An update answers 200 or 204 where declared, else the document's other success (201 is for creating).
  const other = Object.keys((followLocalRefs(document, operation).value as Json | undefined)?.['responses'] ?? {}).find(
    (code) => /^2\d\d$/.test(code) && code !== '201',
  );
  const status = answerOf(document, operation, 200)
    ? 200
    : answerOf(document, operation, 204)
      ? 204
      : Number(other ?? 200);
  if (status === 204) return { status: 204, headers: { ETag: etagOf(next) } };
  const reply = itemReply(ctx, c, next, status);
  if (declaresNoBody(ctx, operation, status)) delete reply.body;
  return reply;
}

/** The document declares `status` for the operation with no JSON content: answered so, without a body. */
const declaresNoBody = (ctx: RequestContext<MockState>, operation: unknown, status: number): boolean => {
  const declared = answerOf(ctx.store.document, operation, status);
  return declared !== undefined && declared.holder === undefined;
};

/** DELETE of one record: 204, or the status the document declares, with the record gone when it declares a body. */
export function remove(ctx: RequestContext<MockState>, c: MockCollection, operation: unknown): Reply {
  const record = recordOf(ctx, c);
  requireMatch(ctx, record);
  ctx.store.written.remove(c, String(record[c.key]));
  const status = declaredStatus(ctx, operation, 204);
  if (status === 204 || !answerOf(ctx.store.document, operation, status)?.schema) return { status };
  return { status, body: represent(ctx, c, record, c.recordSchema) };
}
