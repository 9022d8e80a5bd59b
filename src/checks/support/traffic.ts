// The answers a response-level check judges: every one the run received, after a bounded read across the data,
// and one finding per cause however many answers show it.
import { createHash } from 'node:crypto';
import type { CheckContext, MessageData } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { isApiDescription } from '../../openapi/text.js';
import type { CollectionTarget, Target } from '../../core/profile/target.js';
import { derefIn, getOperation } from './api-openapi.js';
import { showsOwnInput } from './own-input.js';

/** Answers a gateway gives as often as the API: not the API's to be judged by (see transient.ts). */
const GATEWAY_STATUSES = new Set([429, 502, 503, 504]);
/** The read across the data: pages beyond the first, a page per filter value, documents spread over what was read. */
const MAX_SWEEP_REQUESTS = 40;
const SWEPT_COLLECTIONS = 4;
const PAGES_PER_COLLECTION = 3;
const DOCUMENTS_PER_COLLECTION = 6;
const FILTERS_PER_COLLECTION = 2;
const VALUES_PER_FILTER = 3;

export interface TrafficFilter {
  /** Only answers with a body a representation check reads: no HEAD, no OpenAPI document (wherever it is served). */
  representations?: boolean;
  /** Only error answers (4xx/5xx), whatever the request's Accept: the problem checks' share. */
  errors?: boolean;
}

/**
 * The run's answers, once each (same request, status and body), after the read across the data; gateway answers
 * aside. `own` are the check's own probes, judged whether or not the log kept them.
 */
export async function judgeableTraffic(
  ctx: CheckContext<string>,
  own: readonly Exchange[],
  filter: TrafficFilter = {},
): Promise<Exchange[]> {
  await readAcross(ctx);
  await ctx.trafficSettled();
  // A recording's batch is read by many checks and resources: its whole judgeable traffic is kept once.
  const whole = own.length === 0 && !filter.representations && !filter.errors && judgingRecording(ctx);
  const known = whole ? wholeOfBatch.get(ctx.traffic()) : undefined;
  if (known) return known;
  const { api } = ctx.target;
  const documents = new Set([api.openapiJson, api.openapiYaml].map((path) => ctx.url(path)));
  const seen = new Set<string>();
  const kept: Exchange[] = [];
  for (const exchange of [...own, ...ctx.traffic()]) {
    const { request, response } = exchange;
    if (GATEWAY_STATUSES.has(response.status)) continue;
    if (showsOwnInput(ctx, exchange)) continue;
    if (
      filter.representations &&
      (request.method === 'HEAD' ||
        documents.has(request.url.split('?')[0] ?? '') ||
        // Served at the base URL or elsewhere, the API's description names schemas, paths and statuses, not data.
        describesApi(response.json))
    )
      continue;
    // Whatever the request asked to accept: the guide's errors are problems in any case, and leaks are leaks.
    if (filter.errors && (response.status < 400 || request.method === 'HEAD')) continue;
    const key = keyOf(exchange);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(exchange);
  }
  if (whole) wholeOfBatch.set(ctx.traffic(), kept);
  return kept;
}

/**
 * An OpenAPI or Swagger document, or a JSON Schema (Mojolicious::Plugin::OpenAPI answers OPTIONS with the path's
 * operations under `$schema`): a description of the API, whose keys are no property names of its data.
 */
const describesApi = (json: unknown): boolean =>
  isApiDescription(json) ||
  (isObject(json) && typeof json['$schema'] === 'string' && /json-schema\.org/i.test(json['$schema']));

const wholeOfBatch = new WeakMap<readonly Exchange[], Exchange[]>();

const keys = new WeakMap<Exchange, string>();

/** What makes two answers the same: request, status and body (hashed once, however many checks ask). */
function keyOf(exchange: Exchange): string {
  let key = keys.get(exchange);
  if (key === undefined) {
    const { request, response } = exchange;
    key = `${request.method} ${request.url} ${response.status} ${createHash('sha1').update(response.text).digest('base64')}`;
    keys.set(exchange, key);
  }
  return key;
}

/** Whether an Accept header admits a JSON answer (absent: anything does). */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const type = range.split(';')[0]?.trim().toLowerCase() ?? '';
    return type === '*/*' || type === 'application/*' || type.endsWith('json');
  });
}

const swept = new WeakMap<Target, Promise<void>>();

/** Reads across the data once per run (the first response-level check to ask does it; the others wait for it). */
export function readAcross(ctx: CheckContext<string>): Promise<void> {
  // A recording's judging reads nothing more: its traffic is all there is.
  if (judgingRecording(ctx)) return Promise.resolve();
  let done = swept.get(ctx.target);
  if (done === undefined) {
    done = sweep(ctx).catch(() => undefined);
    swept.set(ctx.target, done);
  }
  return done;
}

/** GETs, bounded: for each collection pages beyond the first, a page per value of its enum or boolean filters, and documents spread over the items read. */
async function sweep(ctx: CheckContext<string>): Promise<void> {
  let budget = MAX_SWEEP_REQUESTS;
  const inside = (url: string): boolean => url.startsWith(`${ctx.baseUrl}/`) || url === ctx.baseUrl;
  const get = async (url: string): Promise<Exchange | undefined> => {
    if (budget <= 0 || !inside(url) || ctx.signal.aborted) return undefined;
    budget--;
    try {
      return await ctx.get(url);
    } catch {
      return undefined;
    }
  };
  // Collections side by side; within one, each page waits for the link of the one before.
  await Promise.all(
    ctx.target.collections.slice(0, SWEPT_COLLECTIONS).map(async (collection) => {
      const items: Record<string, unknown>[] = [];
      const pages: Exchange[] = [];
      let page = await get(ctx.url(collection.firstPage()));
      while (page !== undefined && pages.length < PAGES_PER_COLLECTION) {
        pages.push(page);
        const body = page.response.json;
        if (page.response.status !== 200 || !isObject(body)) break;
        if (Array.isArray(body['items'])) items.push(...body['items'].filter(isObject));
        const next = typeof body['next'] === 'string' ? resolve(body['next'], page.request.url) : undefined;
        page = next === undefined || pages.length >= PAGES_PER_COLLECTION ? undefined : await get(next);
      }
      const hrefs = [
        ...new Set(
          items
            .map((item) => item['href'])
            .filter((href): href is string => typeof href === 'string')
            .map((href) => resolve(href, pages[0]?.request.url ?? ctx.baseUrl))
            .filter((url): url is string => url !== undefined),
        ),
      ];
      const documents = await Promise.all(spread(hrefs, DOCUMENTS_PER_COLLECTION).map(get));
      const records = [...items, ...documents.map((d) => d?.response.json).filter(isObject)];
      const filtered = collection.filters.slice(0, FILTERS_PER_COLLECTION).flatMap((filter) =>
        filterValues(ctx.target.api.contract, collection, filter, records)
          .slice(0, VALUES_PER_FILTER)
          .map((value) => ctx.url(collection.firstPage({ query: { [filter]: value } }))),
      );
      await Promise.all(filtered.map(get));
    }),
  );
}

function resolve(link: string, base: string): string | undefined {
  try {
    return new URL(link, base).href;
  } catch {
    return undefined;
  }
}

/** At most `count` of `all`, spread from first to last. */
function spread<T>(all: T[], count: number): T[] {
  if (all.length <= count) return all;
  return Array.from(
    { length: count },
    (_unused, index) => all[Math.floor((index * (all.length - 1)) / (count - 1))] as T,
  );
}

/** The values of an enum or boolean filter: from the contract's parameter schema, else the few values the records hold. */
function filterValues(
  contract: Record<string, unknown> | undefined,
  collection: CollectionTarget,
  filter: string,
  records: Record<string, unknown>[],
): string[] {
  const declared = declaredValues(contract, collection.template ?? collection.path, filter);
  if (declared !== undefined) return declared;
  const values = new Set(
    records.map((record) => record[filter]).filter((value) => typeof value === 'boolean' || typeof value === 'string'),
  );
  // Many distinct strings make a free-text filter, not a code: one page per value would say little.
  if ([...values].every((value) => typeof value === 'boolean') || values.size <= VALUES_PER_FILTER)
    return [...values].map(String);
  return [];
}

function declaredValues(
  contract: Record<string, unknown> | undefined,
  path: string,
  name: string,
): string[] | undefined {
  const parameter =
    contract && getOperation(contract, path)?.parameters.find((p) => p['name'] === name && p['in'] === 'query');
  if (!contract || !parameter) return undefined;
  const schema = derefIn(contract, parameter['schema']);
  const item = isObject(schema) && schema['type'] === 'array' ? derefIn(contract, schema['items']) : schema;
  if (!isObject(item)) return undefined;
  if (Array.isArray(item['enum']))
    return item['enum'].filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String);
  return item['type'] === 'boolean' ? ['true', 'false'] : undefined;
}

/** Data fields that name the answer rather than the cause: left out when telling causes apart. */
const WHERE = new Set(['url', 'method', 'status', 'got', 'request', 'also', 'count']);

/**
 * Collects findings over many answers and reports one per cause: the first answer's words, up to three answers
 * as evidence, and `{{also}}` saying how many more showed it. `causeOf` tells causes apart (default: the message
 * id and its data but where it was seen, array indexes folded).
 */
export class Causes<M extends string> {
  private readonly found = new Map<string, { messageId: M; data: MessageData; evidence: Exchange[]; more: number }>();

  constructor(
    private readonly ctx: CheckContext<M>,
    private readonly causeOf: (messageId: M, data: MessageData) => string = defaultCause,
  ) {}

  pass(): void {
    this.ctx.pass();
  }

  expect(ok: boolean, messageId: M, data: MessageData, exchange: Exchange): boolean {
    if (ok) this.ctx.pass();
    else this.report(messageId, data, exchange);
    return ok;
  }

  report(messageId: M, data: MessageData, exchange: Exchange): void {
    const key = this.causeOf(messageId, data);
    const cause = this.found.get(key);
    if (cause === undefined) this.found.set(key, { messageId, data, evidence: [exchange], more: 0 });
    else if (!cause.evidence.includes(exchange)) {
      if (cause.evidence.length < 3) cause.evidence.push(exchange);
      else cause.more++;
    }
  }

  /** Reports what was collected; call once, after the last answer. `final` overrides data known only at the end. */
  flush(final: Partial<Record<M, MessageData>> = {}): void {
    for (const { messageId, data, evidence, more } of this.found.values()) {
      const also = evidence.length + more > 1 ? ` (seen in ${evidence.length + more} answers)` : '';
      this.ctx.report(messageId, { ...data, ...final[messageId], also }, ...evidence);
    }
    this.found.clear();
  }
}

function defaultCause(messageId: string, data: MessageData): string {
  const rest = Object.entries(data)
    .filter(([name]) => !WHERE.has(name))
    .map(([name, value]) => `${name}=${String(value).replace(/\[\d+\]/g, '[*]')}`);
  return `${messageId} ${rest.join(' ')}`;
}

/**
 * The error answers (4xx/5xx) of the probes and of the whole run, whatever the request's Accept (HEAD and OPTIONS
 * aside: they carry no body); skips the check when there is none.
 */
export async function errorAnswers(ctx: CheckContext<string>, probes: readonly Exchange[]): Promise<Exchange[]> {
  const errors = (await judgeableTraffic(ctx, probes, { errors: true })).filter((e) => e.request.method !== 'OPTIONS');
  if (errors.length === 0) ctx.skip('no request of the run drew an error response');
  return errors;
}

/** A recording's skip: coverage lists it as `not verified: needs active probing …`. */
export const NEEDS_PROBING = 'needs active probing: judging recorded traffic sends no request';

import { NotRecorded } from './not-recorded.js';
export { NOT_RECORDED_HEADER, notRecorded, NotRecorded } from './not-recorded.js';

const recordings = new WeakSet<Target>();

/** Marks a target as that of a recording's judging (src/traffic/judge.ts): its checks send nothing. */
export function markRecording(target: Target): void {
  recordings.add(target);
}

/** Whether the check judges a recording (no request reaches the API) rather than a run. */
export const judgingRecording = (ctx: CheckContext<string>): boolean => recordings.has(ctx.target);

/** Whether a target is that of a recording's judging (for a `requires` guard). */
export const isRecordingTarget = (target: Target): boolean => recordings.has(target);

/** Request headers that change what an answer is: an answer to a request that sent them answers no request without. */
const CONDITIONAL = ['if-none-match', 'if-match', 'if-modified-since', 'if-unmodified-since', 'range'];
/** Request headers that may change the answer: an answer to a request without them (or any JSON one) is preferred. */
const NEGOTIATING = ['accept', 'accept-language', 'prefer'];

/** Query order and fragments do not make a request another. */
export function requestKey(method: string, url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.searchParams.sort();
    return `${method} ${parsed.href}`;
  } catch {
    return `${method} ${url}`;
  }
}

/**
 * The recorded answer to a read, among the recorded exchanges of that method and URL: the headers it sends sent
 * alike, no condition it does not set, an Accept that admits JSON unless it sets one, the fewest other negotiating
 * headers.
 */
export function recordedAnswer(
  candidates: Iterable<Exchange>,
  headers: Record<string, string> = {},
): Exchange | undefined {
  const asked = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  let best: Exchange | undefined;
  let bestExtra = Number.POSITIVE_INFINITY;
  for (const exchange of candidates) {
    const sent = exchange.request.headers;
    if ([...asked].some(([name, value]) => sent[name]?.trim() !== value)) continue;
    if (CONDITIONAL.some((name) => !asked.has(name) && sent[name] !== undefined)) continue;
    if (!asked.has('accept') && !acceptsJson(sent['accept'])) continue;
    const extra = NEGOTIATING.filter((name) => !asked.has(name) && sent[name] !== undefined).length;
    if (extra < bestExtra) {
      best = exchange;
      bestExtra = extra;
    }
  }
  return best;
}

/** The GETs of a batch by request key, indexed once per batch whatever number of checks ask. */
const getsOfBatch = new WeakMap<readonly Exchange[], Map<string, Exchange[]>>();

/** In a recording's judging, the recorded answer to a GET of this URL (as the replay gives it), else undefined. */
export function recordedGet(
  ctx: CheckContext<string>,
  url: string,
  headers?: Record<string, string>,
): Exchange | undefined {
  const traffic = ctx.traffic();
  let gets = getsOfBatch.get(traffic);
  if (!gets) {
    gets = new Map();
    for (const exchange of traffic) {
      if (exchange.request.method !== 'GET') continue;
      const key = requestKey('GET', exchange.request.url);
      const list = gets.get(key);
      if (list) list.push(exchange);
      else gets.set(key, [exchange]);
    }
    getsOfBatch.set(traffic, gets);
  }
  return recordedAnswer(gets.get(requestKey('GET', ctx.url(url))) ?? [], headers);
}

/**
 * The recorded GETs of a path template of the profile (`/employers`, `/employers/{employerId}`), once each, gateway
 * answers aside; `conditional` keeps those sent with If-None-Match/If-Modified-Since (left out otherwise).
 */
export async function recordedGets(
  ctx: CheckContext<string>,
  template: string,
  conditional = false,
): Promise<Exchange[]> {
  const pattern = pathPattern(ctx.url(template));
  return (await judgeableTraffic(ctx, [])).filter(
    ({ request }) =>
      request.method === 'GET' &&
      pattern.test(request.url.split('?')[0] ?? '') &&
      conditional ===
        (request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined),
  );
}

/** A URL with `{param}` segments as a pattern matching any one segment there (encoded braces included). */
function pathPattern(url: string): RegExp {
  const parts = url.split(/%7B[^/]*?%7D|\{[^/]*?\}/i).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

/**
 * The page of a collection a check reads: in a run, sent; in a recording's judging, the recorded answer to that
 * GET, else a recorded GET of the collection path that answered 200 with JSON (one listing items first, then the
 * fewest query parameters; `queried` prefers one with a query): a check that judges the shape of a page judges
 * any page. Neither: NotRecorded, the check needs active probing.
 */
export async function readCollectionPage(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  path: string,
  options: { queried?: boolean } = {},
): Promise<Exchange> {
  if (!judgingRecording(ctx)) return ctx.get(path);
  const exact = recordedGet(ctx, path);
  if (exact) return exact;
  const reserved = new Set(['select', 'embed', 'sort', 'lang']);
  const rank = ({ request, response }: Exchange): number => {
    const query = [...new URL(request.url).searchParams.keys()];
    const items = isObject(response.json) ? response.json['items'] : undefined;
    const listing = Array.isArray(items) && items.length > 0 ? 0 : 100;
    return listing + (options.queried ? (query.length > 0 ? 0 : 10) : query.length);
  };
  const pages = (await recordedGets(ctx, collection.path)).filter(
    ({ request, response }) =>
      response.status === 200 &&
      response.json !== undefined &&
      !response.truncated &&
      recordedAnswer([{ request, response, durationMs: 0 }]) !== undefined &&
      ![...new URL(request.url).searchParams.keys()].some((name) => reserved.has(name)),
  );
  const best = pages.reduce<Exchange | undefined>(
    (found, page) => (!found || rank(page) < rank(found) ? page : found),
    undefined,
  );
  if (!best) throw new NotRecorded('GET', ctx.url(path));
  return best;
}
