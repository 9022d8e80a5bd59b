// The ctx a check receives: HTTP through the run's client plus the verdict bookkeeping.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CheckContext, FollowOptions, FollowResult, MessageData } from './define-check.js';
import { renderMessage } from './define-check.js';
import { locationOutside, OutsideApiError } from '../http/api-scope.js';
import type { Exchange } from './exchange.js';
import { TransportError, type HttpClient, type Query, type RequestSpec } from '../http/http-client.js';
import { isObject } from '../util/json.js';
import type { Target } from '../profile/target.js';
import type { CleanupRecord } from '../report/types.js';

/**
 * Marks what a cleanup sends: a check's own request still pending when its cleanups start (a run's deadline
 * reached) is no cleanup, and gets neither a cleanup's extra time nor a line in the cleanup log.
 */
const cleanupScope = new AsyncLocalStorage<true>();

interface Finding {
  messageId: string;
  message: string;
  evidence: Exchange[];
}

/** Thrown by ctx.skip; the runner turns it into a skip result. */
export class SkipSignal extends Error {
  override readonly name = 'SkipSignal';
  /** The answers that decided the skip (a create the API refused), kept in the result so the report shows them. */
  constructor(
    message: string,
    readonly evidence: readonly Exchange[] = [],
  ) {
    super(message);
  }
}

const CLEANUP_TIMEOUT_MS = 5000;
// Enough to find where a refused link came from; a check sends a few dozen requests at most.
const KEPT_EXCHANGES = 200;

/** Message ids of the findings the engine itself reports, whatever the check. */
const ENGINE_MESSAGES = {
  outsideApi: 'The API pointed restguide at {{url}}, outside the API ({{base}}): it was not requested.',
  locationOutsideApi:
    '{{method}} {{request}} answered {{status}} with Location {{location}}, outside the API ({{base}}).',
} as const;

/** One write a cleanup sent (or could not send); the runner adds the check and resource. */
export type CleanupEntry = Omit<CleanupRecord, 'check' | 'resource'>;

const READS = ['GET', 'HEAD', 'OPTIONS'];

/** Thrown by a cleanup that has no URL inside the API to remove its record by: listed as left, not a crash. */
export class CleanupUnreachable extends Error {
  override readonly name = 'CleanupUnreachable';
  constructor(
    readonly method: string,
    readonly url: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** A refused request, with the exchange whose answer named the URL (when found). */
export class OutsideApiLink extends Error {
  override readonly name = 'OutsideApiLink';
  constructor(
    readonly refused: OutsideApiError,
    readonly source: Exchange[],
  ) {
    super(refused.message);
  }
}

/** What a check's ctx needs of a client: the run's HttpClient, or a recording's replay (src/traffic/replay.ts). */
export type ExchangeClient = Pick<HttpClient, 'baseUrl' | 'allowWrites' | 'url' | 'request' | 'traffic'>;

export class RunContext implements CheckContext<string> {
  readonly findings: Finding[] = [];
  assertions = 0;
  /** Assertions that failed (a finding reported twice counts twice). */
  failures = 0;
  requests = 0;
  /** Said in the result besides the verdict (e.g. a cleanup skipped because it pointed outside the API). */
  readonly notes: string[] = [];
  /** Every write cleanups sent or meant to, and whether it undid what it targeted (2xx, or 404/410: already gone). */
  readonly cleanupLog: CleanupEntry[] = [];
  private readonly cleanups: Array<() => Promise<unknown>> = [];
  private cleaningUp = false;
  private locationsJudgedByCheck = false;
  private readonly exchanges: Exchange[] = [];

  constructor(
    private readonly client: ExchangeClient,
    readonly target: Target,
    private readonly messages: Record<string, string>,
    readonly signal: AbortSignal,
    /** Epoch ms of the run's deadline (when `signal` aborts). */
    readonly deadlineAt = Number.POSITIVE_INFINITY,
    /** Resolves when every check that does not judge the traffic has ended. */
    private readonly settled: Promise<void> = Promise.resolve(),
  ) {}

  get baseUrl(): string {
    return this.client.baseUrl;
  }
  get allowWrites(): boolean {
    return this.client.allowWrites;
  }

  url(path: string, query?: Query): string {
    return this.client.url(path, query);
  }

  async request(spec: RequestSpec): Promise<Exchange> {
    this.requests++;
    const cleaning = this.cleaningUp && cleanupScope.getStore() === true;
    let exchange: Exchange;
    try {
      exchange = await (cleaning
        ? this.client.request({
            ...spec,
            ignoreDeadline: true,
            timeoutMs: Math.min(spec.timeoutMs ?? CLEANUP_TIMEOUT_MS, CLEANUP_TIMEOUT_MS),
          })
        : this.client.request(spec));
    } catch (error) {
      if (error instanceof OutsideApiError && !cleaning) throw new OutsideApiLink(error, this.namedBy(error.url));
      if (cleaning) this.cleanupFailed(spec, error);
      throw error;
    }
    if (cleaning && !READS.includes(exchange.request.method)) {
      const { status } = exchange.response;
      const cleaned = (status >= 200 && status < 300) || status === 404 || status === 410;
      this.cleanupLog.push({
        method: exchange.request.method,
        url: exchange.request.url,
        status,
        outcome: cleaned ? 'cleaned' : 'left',
        ...(cleaned ? {} : { reason: `answered ${status}` }),
      });
    }
    this.exchanges.push(exchange);
    if (this.exchanges.length > KEPT_EXCHANGES) this.exchanges.shift();
    this.judgeWriteLocation(exchange);
    return exchange;
  }

  /** A write answered with a Location outside the API is a finding of whichever check got it. */
  private judgeWriteLocation(exchange: Exchange): void {
    const { request, response } = exchange;
    if (
      this.locationsJudgedByCheck ||
      ['GET', 'HEAD', 'OPTIONS'].includes(request.method) ||
      response.status < 200 ||
      response.status > 399
    )
      return;
    const outside = locationOutside(this.client.baseUrl, request.url, response.headers['location']);
    if (outside === undefined) return;
    this.engineFinding(
      'locationOutsideApi',
      {
        method: request.method,
        request: request.url,
        status: response.status,
        location: outside,
        base: this.client.baseUrl,
      },
      [exchange],
    );
  }

  /** The exchanges whose answer names `url` (newest first), else the newest one. */
  private namedBy(url: string): Exchange[] {
    const mentions = (e: Exchange) =>
      e.response.text.includes(url) ||
      Object.values(e.response.headers).some((v) => v.includes(url)) ||
      e.response.text.includes(url.replace(/\/$/, ''));
    const found = [...this.exchanges].reverse().filter(mentions).slice(0, 2);
    const last = this.exchanges.at(-1);
    return found.length > 0 ? found : last ? [last] : [];
  }

  /** A cleanup's request that got no answer: what it was to undo may be left (a failed read stops its cleanup too). */
  private cleanupFailed(spec: RequestSpec, error: unknown): void {
    const method = (spec.method ?? 'GET').toUpperCase();
    const url =
      error instanceof OutsideApiError
        ? error.url
        : error instanceof TransportError
          ? error.request.url
          : this.url(spec.url, spec.query);
    const last = error instanceof TransportError ? error.exchange?.response.status : undefined;
    // A DELETE whose first try went through before its connection was cut: the retry finds nothing left.
    if (
      error instanceof TransportError &&
      error.code === 'AMBIGUOUS' &&
      method === 'DELETE' &&
      (last === 404 || last === 410)
    ) {
      this.cleanupLog.push({ method, url, status: last, outcome: 'cleaned' });
      return;
    }
    const reason =
      error instanceof OutsideApiError
        ? `not sent: ${url} is outside the API (${error.base})`
        : (error as Error).message.replace(`${method} ${url}: `, '').replace(`${method} ${url}; `, '');
    this.cleanupLog.push({ method, url, ...(last === undefined ? {} : { status: last }), outcome: 'left', reason });
  }

  /** A finding in the engine's own words (ENGINE_MESSAGES), whatever the check's messages. */
  engineFinding(messageId: keyof typeof ENGINE_MESSAGES, data: MessageData, evidence: Exchange[]): void {
    this.assertions++;
    this.failures++;
    const message = renderMessage(ENGINE_MESSAGES[messageId], data);
    if (!this.findings.some((f) => f.message === message)) this.findings.push({ messageId, message, evidence });
  }

  get(url: string, init: Omit<RequestSpec, 'url' | 'method'> = {}): Promise<Exchange> {
    return this.request({ ...init, url, method: 'GET' });
  }

  head(url: string, init: Omit<RequestSpec, 'url' | 'method'> = {}): Promise<Exchange> {
    return this.request({ ...init, url, method: 'HEAD' });
  }

  async followRedirect(
    exchange: Exchange,
    init: Omit<RequestSpec, 'url' | 'method'> = {},
  ): Promise<Exchange | undefined> {
    const { status, headers } = exchange.response;
    const location = headers['location'];
    if (status < 300 || status > 399 || !location) return undefined;
    const next = new URL(location, exchange.request.url);
    if (next.origin !== new URL(exchange.request.url).origin) return undefined;
    return this.get(next.href, init);
  }

  async follow(first: Exchange, options: FollowOptions): Promise<FollowResult> {
    const linkOf =
      typeof options.link === 'function'
        ? options.link
        : (exchange: Exchange) => {
            const body = exchange.response.json;
            const value = isObject(body) ? body[typeof options.link === 'string' ? options.link : 'next'] : undefined;
            return typeof value === 'string' ? value : undefined;
          };
    const exchanges = [first];
    const visited = new Set([normalize(first.request.url)]);
    let current = first;
    for (;;) {
      if (current.response.status < 200 || current.response.status > 299) return { exchanges, stop: 'status' };
      const link = linkOf(current);
      if (link === undefined) return { exchanges, stop: 'end' };
      const next = new URL(link, current.request.url);
      // A link out of the API is judged, never fetched: the check fails with the page that named it.
      if (next.origin !== new URL(this.client.baseUrl).origin) {
        throw new OutsideApiLink(new OutsideApiError('GET', next.href, 'origin', new URL(this.client.baseUrl).origin), [
          current,
        ]);
      }
      if (visited.has(normalize(next.href))) return { exchanges, stop: 'cycle', url: next.href };
      if (exchanges.length > options.max) return { exchanges, stop: 'max', url: next.href };
      visited.add(normalize(next.href));
      current = await this.get(next.href, options.headers ? { headers: options.headers } : {});
      exchanges.push(current);
    }
  }

  report(messageId: string, data?: MessageData, ...evidence: Exchange[]): void {
    this.assertions++;
    this.failures++;
    const template = this.messages[messageId];
    if (template === undefined) throw new Error(`unknown message id ${messageId}`);
    const message = renderMessage(template, data);
    // The same failure seen twice (e.g. on two probes) is reported once, with all its evidence.
    const same = this.findings.find((f) => f.message === message);
    if (same) same.evidence.push(...evidence.filter((e) => !same.evidence.includes(e)));
    else this.findings.push({ messageId, message, evidence: [...evidence] });
  }

  expect(ok: boolean, messageId: string, data?: MessageData, ...evidence: Exchange[]): boolean {
    if (ok) this.assertions++;
    else this.report(messageId, data, ...evidence);
    return ok;
  }

  pass(): void {
    this.assertions++;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  skip(reason: string, ...evidence: Exchange[]): never {
    throw new SkipSignal(reason, evidence);
  }

  onCleanup(cleanup: () => Promise<unknown>): void {
    this.cleanups.push(cleanup);
  }

  judgeLocationsItself(): void {
    this.locationsJudgedByCheck = true;
  }

  traffic(): readonly Exchange[] {
    return this.client.traffic;
  }

  trafficSettled(): Promise<void> {
    return this.settled;
  }

  /**
   * Runs cleanups newest first; returns the messages of those that crashed. Each write they sent,
   * or could not send, is in `cleanupLog`; one that failed before any write is logged as left.
   */
  async runCleanups(): Promise<string[]> {
    this.cleaningUp = true;
    const failures: string[] = [];
    for (const cleanup of this.cleanups.reverse()) {
      const logged = this.cleanupLog.length;
      try {
        await cleanupScope.run(true, cleanup);
      } catch (error) {
        // Never a write outside the API: the cleanup is skipped, and the result says so.
        if (error instanceof OutsideApiError) this.notes.push(`cleanup skipped: ${error.message}`);
        else if (error instanceof CleanupUnreachable) {
          this.cleanupLog.push({ method: error.method, url: error.url, outcome: 'left', reason: error.message });
          continue;
        }
        // What the API answered (or did not) is in the cleanup log; only a cleanup's own crash errors the check.
        else if (!(error instanceof TransportError)) failures.push((error as Error).message);
        // A request that failed logged itself; a cleanup that threw without one still may have left its record.
        if (this.cleanupLog.length === logged) {
          this.cleanupLog.push({
            method: '-',
            url: '-',
            outcome: 'left',
            reason: `the cleanup failed before sending its write: ${(error as Error).message}`,
          });
        }
      }
    }
    return failures;
  }
}

/** Query order and fragments do not make a page new. */
function normalize(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.searchParams.sort();
  return parsed.href;
}
