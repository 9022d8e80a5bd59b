// Writes that a conforming API refuses; when one is accepted anyway, it is undone after the check.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { isObject, type JsonObject, type JsonValue } from '../../../core/util/json.js';
import {
  supportsMethod,
  type CollectionTarget,
  type DocumentTarget,
  type Target,
} from '../../../core/profile/target.js';
import { beginWriting } from '../../support/own-writes.js';
import { cleanUpCreated, create, mustBeAbleToCleanUp, unreadBodyProof } from '../../support/created-document.js';
import { trafficMark } from '../../support/own-records.js';

interface Payload {
  json?: unknown;
  body?: string;
  /** What the created record must show to be proven the run's own, when not all of `json` (a value it may coerce). */
  proof?: JsonObject;
}

const is2xx = (exchange: Exchange) => exchange.response.status >= 200 && exchange.response.status < 300;

/** The first collection that has a create body, and the first document with a supported update style that the run can create. */
export function writeTargets(ctx: CheckContext<string>): { collection?: CollectionTarget; document?: DocumentTarget } {
  return writeTargetsOf(ctx.target);
}

function writeTargetsOf(target: Target): { collection?: CollectionTarget; document?: DocumentTarget } {
  const collection = target.collections.find((c) => c.create !== undefined);
  const document = target.documents.find(
    (d) => d.update !== undefined && supportsMethod(d, d.update) && d.creator !== undefined,
  );
  return { ...(collection ? { collection } : {}), ...(document ? { document } : {}) };
}

/** Guard of the body probes: a collection that creates, or a document that updates. */
export const WRITE_PROBE_TARGET = {
  what: 'collection with a create body or document with an update style that a collection creates',
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
 * Reads the document, then PATCHes or PUTs it (its update style). The document is one the check creates and
 * proves its own (no other client knows it, so a before/after comparison is the server's doing); a record the run
 * did not make is never written to, so without one the check skips.
 */
export async function updateProbe(
  ctx: CheckContext<string>,
  document: DocumentTarget,
  payload: (current: JsonObject) => Payload,
): Promise<UpdateProbe> {
  if (!document.creator)
    return ctx.skip(
      `no collection creates ${document.path} documents, and the run writes only to records it made (never to the API's own)`,
    );
  const created = await create(ctx, document.creator);
  if (!created.url)
    return ctx.skip(
      created.unproven
        ? `POST ${document.creator.path} answered ${created.exchange.response.status}, but the run could not prove the record its own, so it writes nothing to it: ${created.unproven}`
        : `could not create a document of its own to write to: POST ${document.creator.path} answered ${created.exchange.response.status}${created.unusable ? ` ${created.unusable}` : ''}`,
    );
  const path = created.url;
  const before = await ctx.get(path);
  const current = before.response.json;
  if (before.response.status !== 200 || !isObject(current))
    return ctx.skip(`GET ${path} answered ${before.response.status} without a JSON object`);
  const etag = before.response.headers['etag'];
  const ifMatch: Record<string, string> = etag ? { 'if-match': etag } : {};
  const patch = document.update === 'patch';
  const sent = payload(current as JsonObject);
  const write = (contentType: string) => {
    const spec = send(sent, contentType);
    return ctx.request({
      method: patch ? 'PATCH' : 'PUT',
      url: path,
      ...spec,
      headers: { ...spec.headers, ...ifMatch },
    });
  };
  const exchange = await write(patch ? 'application/merge-patch+json' : 'application/json');
  // The guide accepts a merge patch as application/json too; a 415 to the other type is patch.media-types' finding,
  // and this probe is about the body, so it goes again as application/json.
  if (patch && exchange.response.status === 415) return { before, exchange: await write('application/json') };
  // A 2xx may come from an API that never reads a merge patch's body (Express parses application/json only): the
  // probe's body goes again as application/json, and a refusal of it (400, 422) is how the API judges that body.
  // Ignoring the merge patch is patch.media-types' finding; a 412 says the first write was applied: it stands.
  if (patch && exchange.response.status >= 200 && exchange.response.status < 300) {
    const asJson = await write('application/json');
    if (asJson.response.status === 400 || asJson.response.status === 422) return { before, exchange: asJson };
  }
  return { before, exchange };
}

/**
 * A value of another JSON type than `value` (a number for a string, a string for anything else). Each probe of a
 * run gets its own (`probe` 0, 1, …): a lax server may store the first coerced in a unique member, and a later
 * probe sending it again would be refused as a duplicate, never judged on the type.
 */
export const wrongType = (value: JsonValue, probe = 0): JsonValue =>
  typeof value === 'string' ? 12345 + probe : `restguide-wrong-type${probe > 0 ? `-${probe}` : ''}`;

function send(payload: Payload, contentType: string): { body?: string; headers: Record<string, string> } {
  const body = payload.body ?? JSON.stringify(payload.json);
  return { body, headers: { 'content-type': contentType } };
}
