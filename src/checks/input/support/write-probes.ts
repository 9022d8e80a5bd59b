// Writes that a conforming API refuses; when one is accepted anyway, it is undone after the check.
import type { CheckContext } from '../../../core/define-check.js';
import type { Exchange } from '../../../core/exchange.js';
import { writableBody } from '../../support/writable-body.js';
import { isObject, type JsonObject, type JsonValue } from '../../../core/json.js';
import { supportsMethod, type CollectionTarget, type DocumentTarget, type Target } from '../../../core/target.js';
import { beginChangingDocument, beginWriting } from '../../support/own-writes.js';
import { cleanUpCreated, create, mustBeAbleToCleanUp, unreadBodyProof } from '../../support/created-document.js';
import { trafficMark } from '../../support/own-records.js';

interface Payload {
  json?: unknown;
  body?: string;
  /** What the created record must show to be proven the run's own, when not all of `json` (a value it may coerce). */
  proof?: JsonObject;
}

const is2xx = (exchange: Exchange) => exchange.response.status >= 200 && exchange.response.status < 300;

/** The first collection that has a create body, and the first document with a supported update style and a sample id. */
export function writeTargets(ctx: CheckContext<string>): { collection?: CollectionTarget; document?: DocumentTarget } {
  return writeTargetsOf(ctx.target);
}

function writeTargetsOf(target: Target): { collection?: CollectionTarget; document?: DocumentTarget } {
  const collection = target.collections.find((c) => c.create !== undefined);
  const document = target.documents.find(
    (d) => d.update !== undefined && supportsMethod(d, d.update) && d.sampleIds.length > 0,
  );
  return { ...(collection ? { collection } : {}), ...(document ? { document } : {}) };
}

/** Guard of the body probes: a collection that creates, or a document that updates. */
export const WRITE_PROBE_TARGET = {
  what: 'collection with a create body or document with an update style and a sample id',
  test: (_api: unknown, target: Target) => {
    const { collection, document } = writeTargetsOf(target);
    return collection !== undefined || document !== undefined;
  },
};

/**
 * POSTs to the collection; a 2xx proven the run's own is undone by DELETE on its Location, or its item path and key.
 * A body that is no JSON object is proven by what the server assigns itself (unreadBodyProof).
 */
export async function postProbe(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  payload: Payload,
): Promise<Exchange> {
  // Refused by a conforming API, but one that creates anything must not do it under a walk.
  mustBeAbleToCleanUp(ctx, collection);
  const unread = isObject(payload.json) ? undefined : (await unreadBodyProof(ctx, collection)).unread;
  await beginWriting(ctx, collection);
  ctx.judgeLocationsItself();
  const mark = trafficMark(ctx);
  const exchange = await ctx.request({ method: 'POST', url: collection.path, ...send(payload, 'application/json') });
  if (is2xx(exchange))
    cleanUpCreated(
      ctx,
      collection,
      exchange,
      payload.proof ?? (isObject(payload.json) ? (payload.json as JsonObject) : {}),
      mark,
      unread,
    );
  return exchange;
}

interface UpdateProbe {
  /** GET of the document before the write. */
  before: Exchange;
  exchange: Exchange;
}

/**
 * Reads the document, then PATCHes or PUTs it (its update style). The document is one the check creates when a
 * collection can (no other client knows it, so a before/after comparison is the server's doing); else the shared
 * sample: the run's other writers to it wait, and a 2xx is undone by writing back what was read.
 */
export async function updateProbe(
  ctx: CheckContext<string>,
  document: DocumentTarget,
  payload: (current: JsonObject) => Payload,
): Promise<UpdateProbe> {
  const created = document.creator ? await create(ctx, document.creator) : undefined;
  // A server that made something the run cannot prove its own answers creates with records it had: its samples
  // are then no safer to change than what it made.
  if (created && !created.url && is2xx(created.exchange))
    ctx.skip(
      `POST ${document.creator?.path ?? ''} answered ${created.exchange.response.status}, but the run could not prove the document is its own, so neither it nor a sample is changed: ${created.unproven ?? created.unusable ?? 'no URL of it was given'}`,
    );
  const path = created?.url ?? document.url(document.sampleIds[0] ?? '');
  if (!created?.url) await beginChangingDocument(ctx, document, path);
  const before = await ctx.get(path);
  const current = before.response.json;
  if (before.response.status !== 200 || !isObject(current))
    return ctx.skip(`GET ${path} answered ${before.response.status} without a JSON object`);
  const etag = before.response.headers['etag'];
  const ifMatch: Record<string, string> = etag ? { 'if-match': etag } : {};
  const patch = document.update === 'patch';
  const sent = payload(current as JsonObject);
  const spec = send(sent, patch ? 'application/merge-patch+json' : 'application/json');
  const exchange = await ctx.request({
    method: patch ? 'PATCH' : 'PUT',
    url: path,
    ...spec,
    headers: { ...spec.headers, ...ifMatch },
  });
  if (is2xx(exchange) && !created?.url)
    ctx.onCleanup(() => restore(ctx, document, path, patch, current as JsonObject, sent));
  return { before, exchange };
}

/** A value of another JSON type than `value` (a number for a string, a string for anything else). */
export const wrongType = (value: JsonValue): JsonValue => (typeof value === 'string' ? 12345 : 'restguide-wrong-type');

function send(payload: Payload, contentType: string): { body?: string; headers: Record<string, string> } {
  const body = payload.body ?? JSON.stringify(payload.json);
  return { body, headers: { 'content-type': contentType } };
}

async function restore(
  ctx: CheckContext<string>,
  document: DocumentTarget,
  path: string,
  patch: boolean,
  before: JsonObject,
  sent: Payload,
): Promise<void> {
  const latest = await ctx.get(path);
  const etag = latest.response.headers['etag'];
  const headers: Record<string, string> = { ...(etag ? { 'if-match': etag } : {}) };
  if (!patch) {
    await ctx.request({ method: 'PUT', url: path, json: writableBody(before, document), headers });
    return;
  }
  if (!isObject(sent.json)) return;
  // Merge patch back: every property the probe sent gets its old value, or goes when it was absent.
  const back = Object.fromEntries(Object.keys(sent.json).map((key) => [key, before[key] ?? null]));
  await ctx.request({
    method: 'PATCH',
    url: path,
    body: JSON.stringify(back),
    headers: { ...headers, 'content-type': 'application/merge-patch+json' },
  });
}
