// Write checks work on documents they create themselves (POST to the collection) and DELETE them afterwards,
// once proven the run's own (own-records.ts).
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject, valueAtDotted, type JsonObject } from '../../core/util/json.js';
import { fillTemplate, type CollectionTarget, type DocumentTarget } from '../../core/profile/target.js';
import { beginWriting } from './own-writes.js';
import { itemParameter } from '../../core/profile/path-templates.js';
import { outsideApi } from '../../core/http/api-scope.js';
import { CleanupUnreachable, SkipSignal } from '../../core/engine/check-context.js';
import { UNPROVEN_RECORD } from '../../core/report/types.js';
import { skipIfAnswersVary } from './control-request.js';
import { fingerprint } from './fingerprint.js';
import { claimCreated, trafficMark, type Claim, type UnreadBody } from './own-records.js';
import { fitToRecords } from './recorded-formats.js';

type Ctx = CheckContext<string>;

interface Creation {
  /** The POST exchange. */
  exchange: Exchange;
  /** The body that was sent. */
  body: JsonObject;
  /** Absolute URL of the new document when the POST succeeded (2xx), it could be located and was proven the run's own. */
  url?: string;
  /** Why the Location could not be used (then `url`, if any, is the item path plus key). */
  unusable?: string;
  /** Why the record could not be proven the run's own (then there is no `url`: the check must not write to it). */
  unproven?: string;
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
export const WITH_CREATE_BODY = {
  what: 'collection with a create body',
  test: (collection: CollectionTarget): boolean => collection.create !== undefined,
};

/** The guard of a check that works on a document it creates: only documents some collection creates apply. */
export const CREATED_BY_A_COLLECTION = {
  what: 'document created by a collection (a create body and its item path)',
  test: (document: DocumentTarget): boolean => document.creator !== undefined,
};

/** The profile's patch without null members: the values a changing write sets, which the document must show after. */
export const patchValues = (document: DocumentTarget): JsonObject =>
  Object.fromEntries(Object.entries(document.patch ?? {}).filter(([, value]) => value !== null)) as JsonObject;

/** The creating collection of a document that passed CREATED_BY_A_COLLECTION; without one the check was run unguarded, a bug. */
export function creatorOf(document: DocumentTarget): CollectionTarget {
  if (!document.creator)
    throw new Error(`no collection creates ${document.path}: the check ran without its requires guard`);
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
  const key = collection.key === undefined ? undefined : valueAtDotted(value, collection.key);
  const param = collection.itemPath ? itemParameter(collection.itemPath) : undefined;
  if (!collection.itemPath || !param || (typeof key !== 'string' && typeof key !== 'number')) return undefined;
  return ctx.url(fillTemplate(collection.itemPath, { [param]: String(key) }));
}

/**
 * Why the run could not remove what a POST to `collection` creates, so it must not create: no item path, one
 * without a parameter, or one the profile says has no DELETE. Undefined when it can.
 */
export function cannotCleanUp(ctx: Ctx, collection: CollectionTarget): string | undefined {
  const { itemPath } = collection;
  if (!itemPath)
    return `the profile gives ${collection.path} no item path, so what a POST creates could not be removed: nothing is created`;
  if (!itemParameter(itemPath))
    return `the item path ${itemPath} of ${collection.path} ends in no {parameter}, so what a POST creates could not be removed: nothing is created`;
  const document = ctx.target.documents.find((d) => d.path === itemPath);
  if (document?.methods && !document.methods.includes('DELETE')) {
    return `${itemPath} has no DELETE in the profile, so what a POST to ${collection.path} creates could not be removed: nothing is created`;
  }
  return undefined;
}

/** Skips the check before it sends a POST to `collection` whose record it could not remove. */
export function mustBeAbleToCleanUp(ctx: Ctx, collection: CollectionTarget): void {
  const reason = cannotCleanUp(ctx, collection);
  if (reason) ctx.skip(reason);
}

function createdAt(ctx: Ctx, collection: CollectionTarget, exchange: Exchange, body: JsonObject): CreatedAt {
  // The key the server answered with wins over the one sent (a server may ignore the body, or assign keys).
  const byKey = urlByKey(ctx, collection, exchange.response.json) ?? urlByKey(ctx, collection, body);
  const location = exchange.response.headers['location'];
  const withKey = byKey ? { byKey } : {};
  if (!location) return { ...withKey, unusable: 'without a Location' };
  let resolved: string;
  try {
    resolved = new URL(location, exchange.request.url).href;
  } catch {
    return { ...withKey, unusable: `with Location ${location}, not a URI` };
  }
  if (outsideApi(ctx.baseUrl, resolved, true))
    return { ...withKey, unusable: `with Location ${resolved}, outside the API` };
  return { location: resolved, ...withKey };
}

/** What a cleanup throws for a record it has no URL inside the API to reach by. */
const unreachable = (exchange: Exchange, at: CreatedAt): CleanupUnreachable =>
  new CleanupUnreachable(
    exchange.request.method,
    exchange.request.url,
    `answered ${exchange.response.status} ${at.unusable ?? ''} and the profile gives no item path and key to reach what it created: remove it by hand`,
  );

/** What a cleanup throws for a record the run could not prove it made: nothing is deleted, the report lists it as left. */
const unproven = (url: string, reason: string): CleanupUnreachable =>
  new CleanupUnreachable('DELETE', url, `${UNPROVEN_RECORD} (${reason}), so it was not deleted`);

/**
 * What a 2xx POST created, proven the run's own (see claimCreated), with a cleanup that DELETEs it; a record
 * not proven is never written to again: it is listed as left. `mark` is trafficMark() taken before the POST.
 */
async function claim(
  ctx: Ctx,
  collection: CollectionTarget,
  exchange: Exchange,
  body: JsonObject,
  mark: number,
): Promise<CreatedAt & { proven?: string; read?: Exchange; unproven?: string }> {
  const at = createdAt(ctx, collection, exchange, body);
  const candidates = [at.location, at.byKey].filter((u): u is string => u !== undefined);
  if (candidates.length === 0) {
    ctx.onCleanup(async () => {
      throw unreachable(exchange, at);
    });
    return at;
  }
  let claimed: Claim | undefined;
  const prove = async (): Promise<Claim> =>
    (claimed ??= await claimCreated(ctx, collection, exchange, body, candidates, mark));
  // Registered before the proof's reads: a run interrupted meanwhile still proves (or leaves) the record in its cleanups.
  removeIfOurs(ctx, candidates, prove);
  const proof = await prove();
  return 'reason' in proof ? { ...at, unproven: proof.reason } : { ...at, proven: proof.url, read: proof.read };
}

/** A cleanup that DELETEs the record `prove` shows the run's own, or lists it as left unproven. */
function removeIfOurs(ctx: Ctx, candidates: string[], prove: () => Promise<Claim>): void {
  ctx.onCleanup(async () => {
    const proof = await prove();
    if ('reason' in proof) throw unproven(candidates[0] as string, proof.reason);
    await ctx.request({ method: 'DELETE', url: proof.url });
  });
}

/**
 * After a POST that was meant to be refused answered 2xx anyway: removes what it created once the check ends,
 * if the run can prove it made it then. `mark` is trafficMark() taken before the POST; `unread` (from
 * unreadBodyProof) when the server could not read the body sent.
 */
export function cleanUpCreated(
  ctx: Ctx,
  collection: CollectionTarget,
  exchange: Exchange,
  body: JsonObject,
  mark: number,
  unread?: UnreadBody,
): void {
  const at = createdAt(ctx, collection, exchange, body);
  const candidates = [at.location, at.byKey].filter((u): u is string => u !== undefined);
  if (candidates.length === 0)
    ctx.onCleanup(async () => {
      throw unreachable(exchange, at);
    });
  else removeIfOurs(ctx, candidates, () => claimCreated(ctx, collection, exchange, body, candidates, mark, unread));
}

/**
 * Call before a POST whose body the server cannot read (text/plain, malformed JSON). A lax server creates a record
 * from it anyway, holding nothing that was sent, so showing what was sent cannot prove it the run's own. A record
 * the run creates now from a readable body and proves its own tells what the server assigns itself; the probe's
 * record is then proven by holding nothing else. Skips (sending no probe) when even that record is not proven:
 * the run could not remove what the probe creates either.
 */
export async function unreadBodyProof(
  ctx: Ctx,
  collection: CollectionTarget,
): Promise<{ subject: Subject; unread: UnreadBody }> {
  try {
    const subject = await createSubject(ctx, collection);
    return { subject, unread: unreadBodyOf(collection, subject) };
  } catch (error) {
    if (error instanceof SkipSignal)
      ctx.skip(
        `a body the server cannot read is sent only once a record the run created is proven its own: ${error.message}`,
      );
    throw error;
  }
}

/** What proves a record made from an unread body, given `subject`, a record the run created and proved its own. */
export function unreadBodyOf(collection: CollectionTarget, subject: Subject): UnreadBody {
  const sent = new Set(Object.keys(subject.createBody ?? {}));
  const key = collection.key?.split('.')[0];
  const assigned = Object.keys(subject.representation).filter((name) => name === key || !sent.has(name));
  return { reference: subject.url, assigned: key && !assigned.includes(key) ? [key, ...assigned] : assigned };
}

/**
 * POSTs a create body; a document it made (2xx) and proved its own is DELETEd after the check, whatever the
 * verdict. Skips before sending when what it would create could not be removed.
 */
export async function create(
  ctx: Ctx,
  collection: CollectionTarget,
  given?: JsonObject,
  options: { again?: boolean; settling?: boolean } = {},
): Promise<Creation> {
  mustBeAbleToCleanUp(ctx, collection);
  const body = given ?? (await settledCreateBody(ctx, collection));
  await beginWriting(ctx, collection);
  // Where the Location points is create.location-absolute's to judge; the document is also reached by its key.
  ctx.judgeLocationsItself();
  const mark = trafficMark(ctx);
  const exchange = await ctx.request({
    method: 'POST',
    url: collection.path,
    json: body,
    resend: () => notCreated(ctx, collection, body, mark),
  });
  const { status } = exchange.response;
  // A body made from the schema may lack what only the API knows (a reference to an existing record, a format):
  // its refusal says nothing about the API's create.
  const refusal = status === 400 || status === 422 || (collection.create?.refusals ?? []).includes(status);
  if (collection.create?.fromSchema && !options.again && !options.settling && refusal)
    return ctx.skip(
      `POST ${collection.path} answered ${status} to the run's body (made from the request schema): ${refusedNames(exchange.response.json) ?? refusalSaid(exchange.response.json) ?? 'no member named'}; give an example of the whole body in the document or a profile's create.body`,
      exchange,
    );
  // A 303 names a document that existed before: never ours to delete.
  if (status < 200 || status > 299) return { exchange, body };
  const at = await claim(ctx, collection, exchange, body, mark);
  return {
    exchange,
    body,
    ...(at.proven ? { url: at.proven } : {}),
    ...(at.unusable ? { unusable: at.unusable } : {}),
    ...(at.unproven ? { unproven: at.unproven } : {}),
  };
}

/** What a refusal that names no member says (`detail`, `message`, `title`, `error`), cut short; undefined: nothing. */
export function refusalSaid(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const said = ['detail', 'message', 'title', 'error'].map((key) => body[key]).find((v) => typeof v === 'string');
  if (typeof said !== 'string' || said.trim() === '') return undefined;
  const text = said.trim().replace(/\s+/g, ' ');
  return `it said "${text.length > 120 ? `${text.slice(0, 119)}…` : text}"`;
}

/**
 * The members a refusal names, in the shapes frameworks give them: a problem's issues (`in`, `name`), FastAPI's
 * `loc`, ajv's `instancePath`, LoopBack's `path`, class-validator's `property` beside its `constraints`
 * (routing-controllers, NestJS), a map of member to messages (DRF, tsoa); undefined: none found.
 */
export function refusedNames(body: unknown): string | undefined {
  const names = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 4 || names.size >= 8) return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 20)) visit(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const loc = value['loc'];
    if (Array.isArray(loc) && loc.length > 0) names.add(loc.map(String).join('.'));
    else if (typeof value['name'] === 'string' && typeof value['in'] === 'string') names.add(value['name']);
    else if (typeof value['property'] === 'string' && isObject(value['constraints'])) names.add(value['property']);
    else
      for (const key of ['instancePath', 'path', 'field', 'pointer'])
        if (typeof value[key] === 'string' && value[key] !== '') {
          names.add(String(value[key]).replace(/^\//, '').replace(/\//g, '.'));
          break;
        }
    for (const [key, member] of Object.entries(value)) {
      const messages = Array.isArray(member) && member.length > 0 && member.every((m) => typeof m === 'string');
      const described = isObject(member) && typeof member['message'] === 'string';
      if (depth <= 1 && (messages || described)) names.add(key);
      else visit(member, depth + 1);
    }
  };
  visit(body, 0);
  return names.size === 0 ? undefined : `it names ${[...names].join(', ')}`;
}

/**
 * Whether a POST cut off after it may have been applied (a reset, 502/504) can be sent again: only when its
 * document is looked up at its item path and key and is not there. One that is there is removed after the
 * check, when it is proven the run's own.
 */
async function notCreated(ctx: Ctx, collection: CollectionTarget, body: JsonObject, mark: number): Promise<boolean> {
  const url = urlByKey(ctx, collection, body);
  if (!url) return false;
  const found = await ctx.get(url);
  if (found.response.status === 404 || found.response.status === 410) return true;
  if (found.response.status === 200) {
    const claimed = await claimCreated(ctx, collection, found, body, [url], mark);
    removeIfOurs(ctx, [url], async () => claimed);
  }
  return false;
}

/**
 * A document created for this check and read back; skips the check when that is not possible.
 * `omit` leaves top-level properties out of the create body, so the document shows their defaults
 * (when the server refuses such a body, the full one is used).
 */
export async function createSubject(ctx: Ctx, collection: CollectionTarget, omit: string[] = []): Promise<Subject> {
  let body = await settledCreateBody(ctx, collection);
  let created: Creation | undefined;
  // A member a body made from the schema holds because the schema requires it is never left out: the API would
  // refuse the lean body for it (DRF's isbn), and the caller learns it is not optional from the whole body.
  const { create: made } = collection;
  const leftOut = made?.fromSchema ? omit.filter((key) => (made.optional ?? []).includes(key)) : omit;
  if (leftOut.some((key) => key in body)) {
    const lean = Object.fromEntries(Object.entries(body).filter(([key]) => !leftOut.includes(key))) as JsonObject;
    created = await create(ctx, collection, lean);
    if (!created.url) body = collection.createBody();
  }
  // A lean body refused is tried whole; one accepted but not proven ours is not tried again (one more record left).
  if (!created?.url && (!created || !isSuccess(created.exchange))) created = await create(ctx, collection, body);
  if (!created.url) {
    const { status } = created.exchange.response;
    if (status >= 300)
      return ctx.skip(
        `could not create a document to work on: POST ${collection.path} answered ${status} (see create.created-201)`,
      );
    if (created.unproven)
      return ctx.skip(
        `POST ${collection.path} answered ${status}, but the run could not prove the document is its own, so it is not changed: ${created.unproven}`,
      );
    return ctx.skip(
      `the document POST ${collection.path} created cannot be reached: it answered ${status} ${created.unusable ?? 'without a usable Location'} and the profile gives no item path and key (see create.location-absolute)`,
    );
  }
  return readSubject(ctx, created.url, created.body);
}

/** GETs a document the check is about to change. */
export async function readSubject(ctx: Ctx, url: string, createBody?: JsonObject): Promise<Subject> {
  const before = await ctx.get(url);
  const representation = before.response.json;
  if (before.response.status !== 200 || !isObject(representation)) {
    return ctx.skip(
      `GET ${url} answered ${before.response.status} without a JSON object, so there is nothing to compare`,
    );
  }
  // The write checks compare the document before and after a write: that shows nothing when two reads with no
  // write between them already differ (a mock serving random data).
  await skipIfAnswersVary(
    ctx,
    before,
    (a, b) => a.response.status === b.response.status && fingerprint(a.response.json) === fingerprint(b.response.json),
  );
  const etag = before.response.headers['etag'];
  return { url, before, representation, ...(createBody ? { createBody } : {}), ...(etag ? { etag } : {}) };
}

/** The document as it is now (a GET); undefined representation when not a JSON object. */
export async function reread(
  ctx: Ctx,
  url: string,
): Promise<{ exchange: Exchange; representation: Record<string, unknown> | undefined }> {
  const exchange = await ctx.get(url);
  const body = exchange.response.json;
  return { exchange, representation: exchange.response.status === 200 && isObject(body) ? body : undefined };
}

export const isSuccess = (exchange: Exchange): boolean =>
  exchange.response.status >= 200 && exchange.response.status <= 299;

/** Members of a schema-made create body the API failed on (5xx), while it took the required members alone. */
export interface FailingMembers {
  members: string[];
  /** The POST of the required members and these. */
  failed: Exchange;
  /** The POST of the required members alone (2xx). */
  worked: Exchange;
}

// One settlement per collection of a run (keyed by the run's own collection object), shared by its write checks.
const settlements = new WeakMap<CollectionTarget, Promise<FailingMembers[]>>();
/** The POSTs one settlement sends at most: the required members alone, all members, then halves of what failed. */
const MAX_SETTLING_POSTS = 8;

/**
 * Settles a create body made from the request schema on the members the API takes: the required members are
 * POSTed first, then all; when that fails, the optional members are tried a group at a time (halves of what
 * failed, bounded). What fails is left out of the body every later create sends; the members whose failure was a
 * 5xx are returned (create.created-201 reports them). Each record made is proven the run's own and deleted
 * after the check that happened to settle. Before that, members the records hold as dates get dates
 * (recorded-formats.ts). Nothing to settle (a body given, no writes): [].
 */
export function settleCreateBody(ctx: Ctx, collection: CollectionTarget): Promise<FailingMembers[]> {
  const made = collection.create;
  if (!made?.fromSchema || !ctx.allowWrites || cannotCleanUp(ctx, collection)) return Promise.resolve([]);
  let settled = settlements.get(collection);
  if (!settled) {
    // Text members the records hold as dates get a date first; a settlement cut short (the run's deadline, a
    // network fault) leaves the body whole, as it was.
    settled = fitToRecords(ctx, collection, made)
      .then(() => (made.optional?.length ? settle(ctx, collection, made) : []))
      .catch(() => []);
    settlements.set(collection, settled);
  }
  return settled;
}

/** A fresh create body of `collection` once its members are settled (see settleCreateBody). */
export async function settledCreateBody(ctx: Ctx, collection: CollectionTarget): Promise<JsonObject> {
  await settleCreateBody(ctx, collection);
  return collection.createBody();
}

async function settle(
  ctx: Ctx,
  collection: CollectionTarget,
  made: NonNullable<CollectionTarget['create']>,
): Promise<FailingMembers[]> {
  const optional = (made.optional ?? []).filter((name) => name in made.body);
  const bodyWith = (members: string[]): JsonObject => {
    const body = collection.createBody();
    for (const name of optional) if (!members.includes(name)) delete body[name];
    return body;
  };
  // A record holding none of what was sent could not be proven the run's own, so it would be left: not sent.
  if (optional.length === 0 || Object.keys(bodyWith([])).length === 0) return [];
  let posts = 0;
  const post = async (members: string[]): Promise<Exchange> => {
    posts++;
    return (await create(ctx, collection, bodyWith(members), { settling: true })).exchange;
  };
  const worked = await post([]);
  // The required members alone refused or failing: the optional ones cannot be told apart; the body stays whole.
  if (!isSuccess(worked)) return [];
  const all = await post(optional);
  if (isSuccess(all)) return [];
  const kept: string[] = [];
  const failures: FailingMembers[] = [];
  const failing = [{ members: optional, exchange: all }];
  for (let group = failing.shift(); group; group = failing.shift()) {
    if (group.members.length === 1 || posts + 2 > MAX_SETTLING_POSTS) {
      // A refusal (4xx) of a made-up value is the sample's fault; a failure (5xx) is the API's.
      if (group.exchange.response.status >= 500)
        failures.push({ members: group.members, failed: group.exchange, worked });
      continue;
    }
    const half = Math.ceil(group.members.length / 2);
    const parts: Array<{ members: string[]; exchange: Exchange }> = [];
    for (const members of [group.members.slice(0, half), group.members.slice(half)])
      parts.push({ members, exchange: await post(members) });
    // Each half taken alone, both together failing: no one member to blame, and neither half is kept.
    if (parts.every((part) => isSuccess(part.exchange))) continue;
    for (const part of parts) {
      if (isSuccess(part.exchange)) kept.push(...part.members);
      else failing.push(part);
    }
  }
  const dropped = new Set(optional.filter((name) => !kept.includes(name)));
  for (const name of dropped) delete made.body[name];
  made.unique = made.unique.filter((spec) => !dropped.has(spec.path.split('.')[0] as string));
  made.optional = kept;
  return failures;
}
