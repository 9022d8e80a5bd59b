// Write checks work on documents they create themselves (POST to the collection) and DELETE them afterwards.
import type { CheckContext } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { isObject, valueAt, type JsonObject } from '../../core/json.js';
import { fillTemplate, type CollectionTarget, type DocumentTarget } from '../../core/target.js';
import { beginWriting } from './own-writes.js';
import { LAST_PARAMETER } from '../../core/path-templates.js';
import { outsideApi } from '../../core/api-scope.js';
import { CleanupUnreachable } from '../../core/check-context.js';
import { skipIfAnswersVary } from './control-request.js';
import { fingerprint } from './fingerprint.js';

type Ctx = CheckContext<string>;

interface Creation {
  /** The POST exchange. */
  exchange: Exchange;
  /** The body that was sent. */
  body: JsonObject;
  /** Absolute URL of the new document when the POST succeeded (2xx) and it could be located. */
  url?: string;
  /** The item path plus key, when it differs from a usable Location: tried when the Location does not answer. */
  fallback?: string;
  /** Why the Location could not be used (then `url`, if any, is the item path plus key). */
  unusable?: string;
}

export interface Subject {
  /** Absolute URL of the document the check may change. */
  url: string;
  /** The GET of the document before the check changed it. */
  before: Exchange;
  representation: Record<string, unknown>;
  /** The create body when the check created the document (its defaults are what it left out). */
  createBody?: JsonObject;
  etag?: string;
}

/** The guard of a check that POSTs to a collection: only collections the profile gives a create body apply. */
export const WITH_CREATE_BODY = { what: 'collection with a create body', test: (collection: CollectionTarget): boolean => collection.create !== undefined };

/** The guard of a check that works on a document it creates: only documents some collection creates apply. */
export const CREATED_BY_A_COLLECTION = { what: 'document created by a collection (a create body and its item path)', test: (document: DocumentTarget): boolean => document.creator !== undefined };

/** The creating collection of a document that passed CREATED_BY_A_COLLECTION; without one the check was run unguarded, a bug. */
export function creatorOf(document: DocumentTarget): CollectionTarget {
  if (!document.creator) throw new Error(`no collection creates ${document.path}: the check ran without its requires guard`);
  return document.creator;
}

/** The same-origin URL a Location header points at; undefined when absent, unparseable or elsewhere. */
export function sameOriginLocation(ctx: Ctx, exchange: Exchange): string | undefined {
  const location = exchange.response.headers['location'];
  if (!location) return undefined;
  try {
    const url = new URL(location, exchange.request.url);
    return url.origin === new URL(ctx.baseUrl).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Where a document created from `body` can be reached: its Location (when inside the API) and the item path filled with its key. */
interface CreatedAt {
  /** The Location, resolved, when it lies inside the API (writes may go there). */
  location?: string;
  /** The item path filled with the key of the body, when the profile or description gives both. */
  byKey?: string;
  /** Why the Location cannot be used (absent, not a URI, outside the API). */
  unusable?: string;
}

/** The key URL: the collection's item path filled with the key of `value` (a body sent or answered). */
export function urlByKey(ctx: Ctx, collection: CollectionTarget, value: unknown): string | undefined {
  const key = collection.key === undefined ? undefined : valueAt(value, collection.key);
  const param = collection.itemPath ? LAST_PARAMETER.exec(collection.itemPath)?.[1] : undefined;
  if (!collection.itemPath || !param || (typeof key !== 'string' && typeof key !== 'number')) return undefined;
  return ctx.url(fillTemplate(collection.itemPath, { [param]: String(key) }));
}

function createdAt(ctx: Ctx, collection: CollectionTarget, exchange: Exchange, body: JsonObject): CreatedAt {
  // The key the server answered with wins over the one sent (a server may ignore the body, or assign keys).
  const byKey = urlByKey(ctx, collection, exchange.response.json) ?? urlByKey(ctx, collection, body);
  const location = exchange.response.headers['location'];
  const withKey = byKey ? { byKey } : {};
  if (!location) return { ...withKey, unusable: 'without a Location' };
  let resolved: string;
  try { resolved = new URL(location, exchange.request.url).href; } catch { return { ...withKey, unusable: `with Location ${location}, not a URI` }; }
  if (outsideApi(ctx.baseUrl, resolved, true)) return { ...withKey, unusable: `with Location ${resolved}, outside the API` };
  return { location: resolved, ...withKey };
}

/**
 * Removes what a POST created, through URLs inside the API only: its Location, and when that is unusable or
 * answers 404/410 (a Location naming a key the server never made), the item path plus the key that was sent.
 */
export function cleanUpCreated(ctx: Ctx, collection: CollectionTarget, exchange: Exchange, body: JsonObject): CreatedAt {
  const at = createdAt(ctx, collection, exchange, body);
  if (!at.location && !at.byKey) {
    ctx.onCleanup(async () => {
      throw new CleanupUnreachable(exchange.request.method, exchange.request.url,
        `answered ${exchange.response.status} ${at.unusable ?? ''} and the profile gives no item path and key to reach what it created: remove it by hand`);
    });
    return at;
  }
  ctx.onCleanup(async () => {
    if (at.location) {
      const removed = await ctx.request({ method: 'DELETE', url: at.location });
      if (![404, 410].includes(removed.response.status) || !at.byKey || at.byKey === at.location) return;
    }
    if (at.byKey) await ctx.request({ method: 'DELETE', url: at.byKey });
  });
  return at;
}

/** POSTs a create body; a document it made (2xx) is DELETEd after the check, whatever the verdict. */
export async function create(ctx: Ctx, collection: CollectionTarget, body: JsonObject = collection.createBody()): Promise<Creation> {
  await beginWriting(ctx, collection);
  // Where the Location points is create.location-absolute's to judge; the document is also reached by its key.
  ctx.judgeLocationsItself();
  const exchange = await ctx.request({ method: 'POST', url: collection.path, json: body, resend: () => notCreated(ctx, collection, body) });
  const { status } = exchange.response;
  // A 303 names a document that existed before: never ours to delete.
  if (status < 200 || status > 299) return { exchange, body };
  const at = cleanUpCreated(ctx, collection, exchange, body);
  const url = at.location ?? at.byKey;
  return {
    exchange, body, ...(url ? { url } : {}), ...(at.location && at.byKey && at.byKey !== at.location ? { fallback: at.byKey } : {}),
    ...(at.unusable ? { unusable: at.unusable } : {}),
  };
}

/**
 * Whether a POST cut off after it may have been applied (a reset, 502/504) can be sent again: only when its
 * document is looked up at its item path and key and is not there. One that is there is removed after the check.
 */
async function notCreated(ctx: Ctx, collection: CollectionTarget, body: JsonObject): Promise<boolean> {
  const url = urlByKey(ctx, collection, body);
  if (!url) return false;
  const found = await ctx.get(url);
  if (found.response.status === 404 || found.response.status === 410) return true;
  if (found.response.status === 200) ctx.onCleanup(() => ctx.request({ method: 'DELETE', url }));
  return false;
}

/**
 * A document created for this check and read back; skips the check when that is not possible.
 * `omit` leaves top-level properties out of the create body, so the document shows their defaults
 * (when the server refuses such a body, the full one is used).
 */
export async function createSubject(ctx: Ctx, collection: CollectionTarget, omit: string[] = []): Promise<Subject> {
  let body = collection.createBody();
  let created: Creation | undefined;
  if (omit.some((key) => key in body)) {
    const lean = Object.fromEntries(Object.entries(body).filter(([key]) => !omit.includes(key))) as JsonObject;
    created = await create(ctx, collection, lean);
    if (!created.url) body = collection.createBody();
  }
  if (!created?.url) created = await create(ctx, collection, body);
  if (!created.url) {
    const { status } = created.exchange.response;
    if (status >= 300) return ctx.skip(`could not create a document to work on: POST ${collection.path} answered ${status} (see create.created-201)`);
    return ctx.skip(`the document POST ${collection.path} created cannot be reached: it answered ${status} ${created.unusable ?? 'without a usable Location'} and the profile gives no item path and key (see create.location-absolute)`);
  }
  if (created.fallback) {
    // A Location inside the API may still name the wrong document (json-server's …/undefined): the key URL is tried next.
    const first = await reread(ctx, created.url);
    if (!first.representation) return readSubject(ctx, created.fallback, created.body);
  }
  return readSubject(ctx, created.url, created.body);
}

/** GETs a document the check is about to change. */
export async function readSubject(ctx: Ctx, url: string, createBody?: JsonObject): Promise<Subject> {
  const before = await ctx.get(url);
  const representation = before.response.json;
  if (before.response.status !== 200 || !isObject(representation)) {
    return ctx.skip(`GET ${url} answered ${before.response.status} without a JSON object, so there is nothing to compare`);
  }
  // The write checks compare the document before and after a write: that shows nothing when two reads with no
  // write between them already differ (a mock serving random data).
  await skipIfAnswersVary(ctx, before, (a, b) => a.response.status === b.response.status && fingerprint(a.response.json) === fingerprint(b.response.json));
  const etag = before.response.headers['etag'];
  return { url, before, representation, ...(createBody ? { createBody } : {}), ...(etag ? { etag } : {}) };
}

/** The document as it is now (a GET); undefined representation when not a JSON object. */
export async function reread(ctx: Ctx, url: string): Promise<{ exchange: Exchange; representation: Record<string, unknown> | undefined }> {
  const exchange = await ctx.get(url);
  const body = exchange.response.json;
  return { exchange, representation: exchange.response.status === 200 && isObject(body) ? body : undefined };
}

export const isSuccess = (exchange: Exchange): boolean => exchange.response.status >= 200 && exchange.response.status <= 299;
