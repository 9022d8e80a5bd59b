// Write checks work on documents they create themselves (POST to the collection) and DELETE them afterwards.
import type { CheckContext } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { isObject, valueAt, type JsonObject } from '../../core/json.js';
import { fillTemplate, type CollectionTarget, type DocumentTarget } from '../../core/target.js';
import { beginWriting } from './own-writes.js';
import { LAST_PARAMETER } from '../../core/path-templates.js';

type Ctx = CheckContext<string>;

interface Creation {
  /** The POST exchange. */
  exchange: Exchange;
  /** The body that was sent. */
  body: JsonObject;
  /** Absolute URL of the new document when the POST succeeded (2xx) and it could be located. */
  url?: string;
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

/** Where the document created from `body` lives: its same-origin Location, else the item path filled with its key. */
function createdUrl(ctx: Ctx, collection: CollectionTarget, exchange: Exchange, body: JsonObject): string | undefined {
  return sameOriginLocation(ctx, exchange) ?? keyedUrl(ctx, collection, body);
}

/** The item path filled with the business key `body` carries; undefined when the profile gives neither. */
function keyedUrl(ctx: Ctx, collection: CollectionTarget, body: JsonObject): string | undefined {
  const key = collection.key === undefined ? undefined : valueAt(body, collection.key);
  const param = collection.itemPath ? LAST_PARAMETER.exec(collection.itemPath)?.[1] : undefined;
  if (!collection.itemPath || !param || (typeof key !== 'string' && typeof key !== 'number')) return undefined;
  return ctx.url(fillTemplate(collection.itemPath, { [param]: String(key) }));
}

/** POSTs a create body; a document it made (2xx) is DELETEd after the check, whatever the verdict. */
export async function create(ctx: Ctx, collection: CollectionTarget, body: JsonObject = collection.createBody()): Promise<Creation> {
  await beginWriting(ctx, collection);
  const exchange = await ctx.request({ method: 'POST', url: collection.path, json: body, resend: () => notCreated(ctx, collection, body) });
  const { status } = exchange.response;
  // A 303 names a document that existed before: never ours to delete.
  if (status < 200 || status > 299) return { exchange, body };
  const url = createdUrl(ctx, collection, exchange, body);
  if (url) ctx.onCleanup(() => ctx.request({ method: 'DELETE', url }));
  return url ? { exchange, body, url } : { exchange, body };
}

/**
 * Whether a POST cut off after it may have been applied (a reset, 502/504) can be sent again: only when its
 * document is looked up at its item path and key and is not there. One that is there is removed after the check.
 */
async function notCreated(ctx: Ctx, collection: CollectionTarget, body: JsonObject): Promise<boolean> {
  const url = keyedUrl(ctx, collection, body);
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
    return ctx.skip(`could not create a document to work on: POST ${collection.path} answered ${created.exchange.response.status}${created.exchange.response.status < 300 ? ' without a usable Location' : ''}`);
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
