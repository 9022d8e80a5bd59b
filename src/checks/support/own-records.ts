// Whether what a POST answered is a record the run made: a write check changes and deletes only that.
// A server may answer a create with a record that already existed (a mock answering every POST with
// its sample): writing to it would change or delete a record nobody asked the run to touch.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject, valueAtDotted, type JsonObject } from '../../core/util/json.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { withoutTrailingSlashes } from '../../core/profile/trailing-slashes.js';
import { show } from './same-json.js';

type Ctx = CheckContext<string>;

/** Where each record reference first appeared in the run's traffic, and where the run itself created it. */
interface SeenIndex {
  /** Answers indexed so far (a prefix of the traffic, which only grows). */
  cursor: number;
  /** Token → index of the first answer that named it. */
  first: Map<string, number>;
  /** Token → traffic length when the run's own POST that made it was sent. */
  own: Map<string, number>;
}

// Keyed by the run's traffic array: one index per run, gone with it.
const indexes = new WeakMap<readonly Exchange[], SeenIndex>();
const MAX_DEPTH = 64;
const WRITES_THAT_CREATE = new Set(['POST']);

/** Same document whatever its query, fragment or trailing slash. */
function normalized(href: string, base?: string): string | undefined {
  try {
    const url = new URL(href, base);
    url.hash = '';
    url.search = '';
    url.pathname = withoutTrailingSlashes(url.pathname);
    return url.href;
  } catch {
    return undefined;
  }
}

const urlToken = (href: string): string => `u ${href}`;
const keyToken = (collection: string, value: unknown): string => `k ${collection} ${String(value)}`;

/** The path of `url` relative to the base URL's path, or undefined when it lies elsewhere. */
function apiPath(baseUrl: string, url: string): string | undefined {
  const base = new URL(baseUrl);
  const target = new URL(url);
  if (target.origin !== base.origin) return undefined;
  const prefix = withoutTrailingSlashes(base.pathname);
  return target.pathname.startsWith(prefix) ? target.pathname.slice(prefix.length) || '/' : undefined;
}

/** Every record reference an answer holds: URLs in its body and headers, its own URL when it answered 2xx, keys of listed items. */
function tokensOf(ctx: Ctx, exchange: Exchange, origin: string): string[] {
  const tokens: string[] = [];
  const { request, response } = exchange;
  const add = (text: string) => {
    // Most strings are the API's own plain links: cut without parsing a URL (the bulk of the indexing time).
    const plain = text.startsWith(`${origin}/`)
      ? text
      : text.startsWith('/') && !text.startsWith('//')
        ? `${origin}${text}`
        : undefined;
    if (plain !== undefined && !/[?#%\\]|\/\.{1,2}(\/|$)/.test(plain)) {
      tokens.push(urlToken(withoutTrailingSlashes(plain)));
      return;
    }
    if (!/^(https?:\/\/|\/)/i.test(text)) return;
    const href = normalized(text, request.url);
    if (href) tokens.push(urlToken(href));
  };
  if (response.status >= 200 && response.status < 300 && !WRITES_THAT_CREATE.has(request.method)) {
    const self = normalized(request.url);
    if (self) tokens.push(urlToken(self));
  }
  for (const name of ['location', 'content-location']) {
    const value = response.headers[name];
    if (value) add(value);
  }
  for (const match of (response.headers['link'] ?? '').matchAll(/<([^>]*)>/g)) add(match[1] ?? '');
  const path = apiPath(ctx.baseUrl, request.url);
  // Keys count only in answers about the collection (its pages, its documents): an `id` elsewhere names something
  // else, also below one of its documents (`/zones/1/permits` lists permits, whose small ids are not zones').
  const lists: CollectionTarget[] = [];
  const documents: CollectionTarget[] = [];
  if (path !== undefined)
    for (const c of ctx.target.collections) {
      if (c.key === undefined) continue;
      const own = withoutTrailingSlashes(c.path);
      const at = withoutTrailingSlashes(path);
      if (at === own) lists.push(c);
      else if (at.startsWith(`${own}/`) && !at.slice(own.length + 1).includes('/')) documents.push(c);
    }
  const keyOf = (value: Record<string, unknown>, collections: CollectionTarget[]) => {
    for (const collection of collections) {
      const key = value[collection.key as string];
      if (typeof key === 'string' || typeof key === 'number') tokens.push(keyToken(collection.path, key));
    }
  };
  // Only the list's own items and the document itself carry the collection's key: records embedded in them (a
  // school's menus) have keys of their own collection, which would make the run's new school 9 "named before".
  const items = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) if (isObject(item)) keyOf(item, lists);
    } else if (isObject(value)) for (const member of Object.values(value)) items(member, depth + 1);
  };
  if (lists.length > 0) items(response.json, 0);
  if (documents.length > 0 && isObject(response.json)) keyOf(response.json, documents);
  // Links name one record whatever their depth: every URL counts.
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') add(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (isObject(value)) for (const member of Object.values(value)) walk(member, depth + 1);
  };
  walk(response.json, 0);
  return tokens;
}

function indexOf(ctx: Ctx): SeenIndex {
  const traffic = ctx.traffic();
  const origin = new URL(ctx.baseUrl).origin;
  let index = indexes.get(traffic);
  if (!index) indexes.set(traffic, (index = { cursor: 0, first: new Map(), own: new Map() }));
  for (; index.cursor < traffic.length; index.cursor++) {
    const exchange = traffic[index.cursor] as Exchange;
    for (const token of tokensOf(ctx, exchange, origin))
      if (!index.first.has(token)) index.first.set(token, index.cursor);
  }
  return index;
}

/** The point in the run's traffic before a create is sent: answers before it were given before the record could exist. */
export const trafficMark = (ctx: Ctx): number => ctx.traffic().length;

/** The answer that named `token` before `mark`, unless the run itself had made that record by then (a fixed key created twice). */
function seenBefore(ctx: Ctx, index: SeenIndex, token: string, mark: number): Exchange | undefined {
  const first = index.first.get(token);
  if (first === undefined || first >= mark) return undefined;
  const own = index.own.get(token);
  return own !== undefined && own <= first ? undefined : ctx.traffic()[first];
}

/**
 * Whether the record shows what was sent. A fresh value the run made for this POST (the profile's `create.unique`)
 * shown unchanged is proof enough: nobody else knew it. Otherwise each sent value the record shows must be the one
 * sent (a date or a string's case may be written another way), and it must show at least one.
 */
export function showsSent(
  representation: Record<string, unknown>,
  body: JsonObject,
  unique: string[],
): string | undefined {
  for (const path of unique) {
    const sent = valueAtDotted(body, path);
    const shown = valueAtDotted(representation, path);
    if (sent === undefined || shown === undefined) continue;
    if (sameValue(shown, sent)) return undefined;
    return `it shows \`${path}\` = ${show(shown)}, not the ${show(sent)} made for this POST`;
  }
  const shown = Object.keys(body).filter((name) => representation[name] !== undefined);
  if (shown.length === 0)
    return `it shows none of the ${Object.keys(body).length === 0 ? 'properties (none were sent)' : `properties sent (${Object.keys(body).join(', ')})`}`;
  const differs = shown.find((name) => !sameValue(representation[name], body[name]));
  return differs === undefined
    ? undefined
    : `it shows \`${differs}\` = ${show(representation[differs])}, not the ${show(body[differs])} sent`;
}

/** Sent values as the record shows them: members it adds (links, defaults) are not a difference, nor a number's type. */
function sameValue(actual: unknown, sent: unknown): boolean {
  if (isObject(sent))
    return (
      isObject(actual) &&
      Object.entries(sent).every(([name, value]) => actual[name] === undefined || sameValue(actual[name], value))
    );
  if (Array.isArray(sent))
    return (
      Array.isArray(actual) && actual.length === sent.length && sent.every((value, i) => sameValue(actual[i], value))
    );
  if (typeof sent === 'number' || typeof actual === 'number') return String(actual) === String(sent);
  if (typeof sent === 'string' && typeof actual === 'string') return sameText(actual, sent);
  return actual === sent;
}

/** The same text as a server may store it: trimmed, in another case, or the same instant written another way. */
function sameText(actual: string, sent: string): boolean {
  if (actual.trim().toLowerCase() === sent.trim().toLowerCase()) return true;
  const dated = /^\d{4}-\d{2}-\d{2}/;
  return (
    dated.test(actual) && dated.test(sent) && !Number.isNaN(Date.parse(sent)) && Date.parse(actual) === Date.parse(sent)
  );
}

/**
 * How to prove a record made by a POST whose body the server could not read (text/plain, malformed JSON): it can
 * show nothing of what was sent, so it must hold nothing the server does not assign itself.
 */
export interface UnreadBody {
  /** The record the run created from a readable body and proved its own just before: never the probe's. */
  reference: string;
  /** Top-level members the server assigns itself: the key, and those the reference shows that its create body lacked. */
  assigned: string[];
}

/**
 * Whether a record holds only what a server that could not read the body would store: members it assigns itself,
 * or null. A stranger's record holds data (what its creator sent); a random mock shows some too.
 */
export function holdsOnlyAssigned(representation: Record<string, unknown>, unread: UnreadBody): string | undefined {
  const other = Object.keys(representation).filter(
    (name) => !unread.assigned.includes(name) && representation[name] !== null,
  );
  if (other.length === 0) return undefined;
  const assigned = unread.assigned.length > 0 ? unread.assigned.map((name) => `\`${name}\``).join(', ') : 'nothing';
  return `it shows ${other.map((name) => `\`${name}\``).join(', ')}, not only what the server assigns itself (${assigned}), though the body sent could not be read`;
}

export type Claim = { url: string; read: Exchange } | { reason: string };

/**
 * Proves that one of `candidates` (the Location, then the item path with the key) is the record the POST made:
 * no answer of the run named it before `mark`, and a GET of it shows what was sent (or, for a body the server could
 * not read, `unread`: nothing but what it assigns itself). The first proven one is returned and remembered as the
 * run's own; otherwise why none could be.
 */
export async function claimCreated(
  ctx: Ctx,
  collection: CollectionTarget,
  exchange: Exchange,
  body: JsonObject,
  candidates: string[],
  mark: number,
  unread?: UnreadBody,
): Promise<Claim> {
  const answeredKey = collection.key === undefined ? undefined : valueAtDotted(exchange.response.json, collection.key);
  const reasons: string[] = [];
  for (const url of [...new Set(candidates)]) {
    const href = normalized(url);
    if (!href) continue;
    const index = indexOf(ctx);
    const tokens = [
      urlToken(href),
      ...(typeof answeredKey === 'string' || typeof answeredKey === 'number'
        ? [keyToken(collection.path, answeredKey)]
        : []),
    ];
    const earlier = tokens.map((token) => seenBefore(ctx, index, token, mark)).find((e) => e !== undefined);
    const sample = ctx.target.documents.find(
      (d) => d.path === collection.itemPath && d.sampleIds.some((id) => normalized(ctx.url(d.url(id))) === href),
    );
    const reference = unread !== undefined && normalized(unread.reference) === href;
    if (earlier || sample || reference) {
      reasons.push(
        earlier
          ? `${url} was named by the answer to ${earlier.request.method} ${earlier.request.url}, received before the POST`
          : sample
            ? `${url} is a sample document of the profile`
            : `${url} is the record the run created before this POST`,
      );
      continue;
    }
    const read = await ctx.get(url);
    const representation = read.response.json;
    if (read.response.status !== 200 || !isObject(representation)) {
      reasons.push(
        `GET ${url} answered ${read.response.status}${isObject(representation) ? '' : ' without a JSON object'}`,
      );
      continue;
    }
    const differs = unread
      ? holdsOnlyAssigned(representation, unread)
      : showsSent(
          representation,
          body,
          (collection.create?.unique ?? []).map((spec) => spec.path),
        );
    if (differs) {
      reasons.push(`GET ${url}: ${differs}`);
      continue;
    }
    for (const token of tokens) if (!index.own.has(token)) index.own.set(token, mark);
    return { url, read };
  }
  return { reason: reasons.join('; ') || 'no URL of it was given' };
}
