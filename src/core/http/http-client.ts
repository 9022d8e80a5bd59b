import type { Dispatcher } from 'undici';
import { createDispatcher, type ProxyEnv, type TlsMaterial } from './auth/transport.js';
import { OutsideApiError, outsideApi } from './api-scope.js';
import { makeResponse, type Exchange, type SentRequest } from '../engine/exchange.js';
import { networkReason } from './network-reason.js';
import { Semaphore } from './semaphore.js';
import type { Traffic } from '../engine/exchange-log.js';
import {
  backoffMs,
  DEFAULT_RETRIES,
  faultName,
  faultOfCode,
  notProcessed,
  faultOfStatus,
  keptMeeting,
  MAX_RETRY_AFTER_MS,
  Pacer,
  retriesFor,
  retryAfterMs,
  safeToResend,
  type Fault,
} from './transient.js';
import { VERSION } from '../util/version.js';
import { observed } from './replay-scope.js';
import { withoutTrailingSlashes } from '../profile/trailing-slashes.js';

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
const DEFAULT_BODY_CAP = 1024 * 1024;

interface HttpClientOptions {
  /** API base URL, no trailing slash; relative request paths are appended to it. */
  baseUrl: string;
  /** Configured headers (e.g. Authorization): sent only to the origin of baseUrl. */
  headers?: Record<string, string>;
  allowWrites: boolean;
  timeoutMs: number;
  concurrency: number;
  /** Bytes of a body kept; the rest is not read. */
  bodyCapBytes?: number;
  /** At most this many requests started per second. */
  ratePerSecond?: number;
  /** The run's deadline: aborts every request in flight or waiting. */
  signal?: AbortSignal;
  /** Client certificate, key and CA (PEM) for mutual TLS. */
  tls?: TlsMaterial;
  /** Proxy settings from the environment; absent: connect directly. */
  proxy?: ProxyEnv;
  /** The Authorization value for the base origin, asked per request (an OAuth2 token refreshed before it expires). */
  authorization?: () => Promise<string>;
  /** Tries after the first for a transient answer (429, 503, 502/504, a reset, a timeout); 0: none. */
  retries?: number;
  /** Epoch ms of the run's deadline: a Retry-After that ends past it is not waited for. */
  deadlineAt?: number;
  /** Ends cleanups' waiting and sending too (the budget of an interrupted run's cleanups). */
  cleanupSignal?: AbortSignal;
  /** Where every final answer goes (retried transient answers do not). */
  traffic?: Traffic;
}

export type Query = Record<string, string | number | boolean | Array<string | number> | undefined>;

export interface RequestSpec {
  method?: string;
  /** Absolute URL, or a path relative to the base URL (`/employers`). */
  url: string;
  query?: Query;
  headers?: Record<string, string>;
  /** A raw body; give `json` instead to send JSON with its Content-Type. */
  body?: string;
  json?: unknown;
  /** false: leave out the configured headers even for the base origin (e.g. /health must be open). */
  credentials?: boolean;
  timeoutMs?: number;
  /** Cleanups run after the deadline too, within their own timeout. */
  ignoreDeadline?: boolean;
  /** Send the names of `headers` spelled as given (e.g. `ACCEPT-LANGUAGE`) instead of lower-cased. */
  exactHeaderNames?: boolean;
  /** An answer the check provoked and judges itself (a health resource's 503 DOWN): never retried as transient. */
  isOwnAnswer?: (exchange: Exchange) => boolean;
  /**
   * A POST or PATCH cut off where it may have been applied (a reset, a timeout, 502/504) is sent again
   * only when this says so (e.g. a create looked up and not found); without it, never.
   */
  resend?: () => Promise<boolean>;
}

/**
 * The transport broke (refused, reset, timeout, deadline), or a gateway kept answering 429/503/502/504
 * (code TRANSIENT, with its last answer): no response of the API's to judge.
 */
const LENGTH_MISMATCH = 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH';
/** Answers that end at their headers, whatever their framing headers say (RFC 9112 §6.3). */
const endsAtHeaders = (method: string, status: number): boolean =>
  method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);

export class TransportError extends Error {
  override readonly name: string = 'TransportError';
  constructor(
    message: string,
    readonly request: SentRequest,
    readonly code?: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}

/**
 * The API answered (status and headers came) but its body did not complete within the timeout: a response that
 * hangs its clients. Not transient and never retried; the runner makes it a failure of the check that met it,
 * with the partial answer as evidence (code STALLED).
 */
export class StalledResponse extends TransportError {
  override readonly name = 'StalledResponse';
  constructor(
    message: string,
    request: SentRequest,
    override readonly exchange: Exchange,
  ) {
    super(message, request, 'STALLED', exchange);
  }
}

/** The run was interrupted (SIGINT/SIGTERM): only cleanups are still sent. */
export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
}

/** A write method without --allow-writes: refused before anything is sent. */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
}

/** Appends a relative path to the base URL (which keeps its base path); absolute URLs pass through. */
export function resolveUrl(baseUrl: string, url: string, query?: Query): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url)
    ? url
    : `${baseUrl}${url.startsWith('/') || url.startsWith('?') ? '' : '/'}${url}`;
  if (!query) return absolute;
  const parsed = new URL(absolute);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) parsed.searchParams.append(name, String(one));
  }
  return parsed.href;
}

/**
 * The only way checks reach the network: its own undici Agent, a timeout per request, bodies
 * read up to a cap, bounded concurrency and rate, no automatic redirects, nothing sent outside
 * the API (its origin; for writes its base URL), and write methods refused unless allowed.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly baseOrigin: string;
  /** Requests actually sent (for the summary). */
  requests = 0;
  /** Requests refused because they lay outside the API (never sent). */
  refused = 0;
  private stopped = false;
  private readonly agent: Dispatcher;
  private readonly semaphore: Semaphore;
  private readonly bodyCap: number;
  private lastStart = 0;
  /** Whether the API has answered once: a refused connection after that is a restart, retried (see transient.ts). */
  private answered = false;
  /** The run's pace under transient answers, and what it met. */
  readonly pacer = new Pacer();

  constructor(private readonly options: HttpClientOptions) {
    this.baseUrl = withoutTrailingSlashes(options.baseUrl);
    this.baseOrigin = new URL(this.baseUrl).origin;
    this.bodyCap = options.bodyCapBytes ?? DEFAULT_BODY_CAP;
    this.semaphore = new Semaphore(options.concurrency);
    // Our own dispatcher, never the global one; undici's own timeouts back up ours.
    this.agent = createDispatcher({
      connections: options.concurrency,
      timeoutMs: options.timeoutMs,
      ...(options.tls ? { tls: options.tls } : {}),
      ...(options.proxy ? { proxy: options.proxy } : {}),
    });
  }

  get allowWrites(): boolean {
    return this.options.allowWrites;
  }
  /** Every final answer of the run so far, when the run keeps them. */
  get traffic(): readonly Exchange[] {
    return this.options.traffic?.exchanges ?? [];
  }

  /** From now on only cleanups (ignoreDeadline) are sent; requests in flight finish, so what they create can be cleaned. */
  stop(): void {
    this.stopped = true;
  }
  get peakConcurrency(): number {
    return this.semaphore.peak;
  }

  url(url: string, query?: Query): string {
    return resolveUrl(this.baseUrl, url, query);
  }

  /**
   * Sends the request; a transient answer or fault is retried (see transient.ts) until its tries,
   * the run's retry budget, the deadline or a too long Retry-After end it: then a TransportError.
   */
  async request(spec: RequestSpec): Promise<Exchange> {
    const method = (spec.method ?? 'GET').toUpperCase();
    const retries = this.options.retries ?? DEFAULT_RETRIES;
    const started = performance.now();
    // A write resent after a fault that may have come after it applied (a reset, 502/504).
    let mayHaveApplied: Fault | undefined;
    for (let attempt = 0; ; attempt++) {
      let fault: Fault | undefined;
      let failure: TransportError | undefined;
      try {
        const exchange = await this.send(spec);
        this.answered = true;
        fault = spec.isOwnAnswer?.(exchange) ? undefined : faultOfStatus(exchange);
        if (!fault) {
          this.pacer.calmAnswer();
          const { status } = exchange.response;
          // A DELETE resent after its first went through answers 404, a conditional PUT 412: the first try's doing, not the API's answer to it.
          if (mayHaveApplied && status >= 400 && status < 500) {
            throw new TransportError(
              `${method} ${exchange.request.url}: the first try met ${mayHaveApplied.kind === 'status' ? mayHaveApplied.status : `a ${mayHaveApplied.kind}`} after it may have applied, and the retry answered ${status}: neither answer can be judged`,
              exchange.request,
              'AMBIGUOUS',
              exchange,
            );
          }
          this.options.traffic?.record(exchange);
          observed(exchange);
          return exchange;
        }
      } catch (error) {
        fault = error instanceof TransportError ? faultOfCode(error.code, this.answered) : undefined;
        if (!fault) throw error;
        failure = error as TransportError;
      }
      this.pacer.met(fault);
      const where = `${method} ${this.url(spec.url, spec.query)}`;
      const tries = `${attempt + 1} ${attempt === 0 ? 'try' : 'tries'} over ${((performance.now() - started) / 1000).toFixed(1)} s`;
      const giveUp = (why: string): never => {
        this.pacer.stats.gaveUp++;
        if (fault.kind !== 'status')
          throw new TransportError(`${failure?.message ?? where}; ${why}`, failure!.request, failure!.code);
        throw new TransportError(`${where}: ${why}`, fault.exchange.request, 'TRANSIENT', fault.exchange);
      };
      if (attempt >= retriesFor(fault, retries)) giveUp(`${keptMeeting(fault)} (${tries})`);
      if (!this.pacer.mayRetry(this.requests))
        giveUp(`${keptMeeting(fault)}, and the run's retry budget is spent (${tries})`);
      if (!safeToResend(method, fault) && !(await spec.resend?.())) {
        giveUp(
          `not sent again: a ${method} may have been applied before the ${fault.kind === 'status' ? fault.status : fault.kind}`,
        );
      }
      const asked = fault.kind === 'status' ? retryAfterMs(fault.exchange.response.headers['retry-after']) : undefined;
      if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) {
        giveUp(
          `the API answered ${faultName(fault)} with Retry-After ${Math.round(asked / 1000)} s, longer than restguide waits (${MAX_RETRY_AFTER_MS / 1000} s)`,
        );
      }
      const wait = asked ?? backoffMs(attempt);
      if (!spec.ignoreDeadline && Date.now() + wait > (this.options.deadlineAt ?? Infinity)) {
        giveUp(
          `${keptMeeting(fault)}; waiting ${Math.round(wait / 1000)} s more would pass the run's deadline (${tries})`,
        );
      }
      if (!notProcessed(fault) && !(SAFE_METHODS as readonly string[]).includes(method)) mayHaveApplied = fault;
      this.pacer.pause(wait);
      this.pacer.stats.retries++;
    }
  }

  /** One try: no retry, whatever the answer. */
  private async send(spec: RequestSpec): Promise<Exchange> {
    const method = (spec.method ?? 'GET').toUpperCase();
    const url = this.url(spec.url, spec.query);
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new WriteRefusedError(`refusing a non-HTTP URL: ${url}`);
    const outside = outsideApi(this.baseUrl, target.href, !(SAFE_METHODS as readonly string[]).includes(method));
    if (outside) {
      this.refused++;
      throw new OutsideApiError(method, target.href, outside, outside === 'origin' ? this.baseOrigin : this.baseUrl);
    }
    if (!this.options.allowWrites && !(SAFE_METHODS as readonly string[]).includes(method)) {
      throw new WriteRefusedError(`${method} ${url} refused: write methods need --allow-writes`);
    }
    const headers: Record<string, string> = { 'user-agent': `restguide/${VERSION}` };
    const credentials = spec.credentials !== false && target.origin === this.baseOrigin;
    if (credentials) {
      for (const [name, value] of Object.entries(this.options.headers ?? {})) headers[name.toLowerCase()] = value;
    }
    let body = spec.body;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    }
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      // One spelling per header: an exact-case name replaces the lower-cased default it overrides.
      delete headers[name.toLowerCase()];
      headers[spec.exactHeaderNames ? name : name.toLowerCase()] = value;
    }
    const request: SentRequest = { method, url: target.href, headers, ...(body !== undefined ? { body } : {}) };

    const timeoutMs = spec.timeoutMs ?? this.options.timeoutMs;
    // Waiting for our own semaphore and rate queue is bounded by the deadline only: the
    // timeout covers the request on the wire, never restguide's own queueing.
    const deadline = spec.ignoreDeadline ? this.options.cleanupSignal : this.options.signal;
    const waiting = deadline ?? new AbortController().signal;
    const failWaiting = (error: unknown): never => {
      throw this.transportError(error, request, waiting, timeoutMs);
    };
    const interrupted = () => this.stopped && !spec.ignoreDeadline;
    if (interrupted()) throw new InterruptedError(`${method} ${target.href} not sent: the run was interrupted`);
    // A check's own Authorization (e.g. a forged token) wins over the run's.
    const ownAuthorization = Object.keys(spec.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
    if (credentials && this.options.authorization && !ownAuthorization) {
      try {
        headers['authorization'] = await this.options.authorization();
      } catch (error) {
        throw new TransportError(`${method} ${target.href}: ${(error as Error).message}`, request, 'TOKEN');
      }
    }
    const release = await this.semaphore.acquire(waiting).catch(failWaiting);
    try {
      await this.waitTurn(waiting).catch(failWaiting);
      if (interrupted()) throw new InterruptedError(`${method} ${target.href} not sent: the run was interrupted`);
      const signal = deadline
        ? AbortSignal.any([AbortSignal.timeout(timeoutMs), deadline])
        : AbortSignal.timeout(timeoutMs);
      const fail = (error: unknown): never => {
        throw this.transportError(error, request, signal, timeoutMs);
      };
      this.requests++;
      const started = performance.now();
      const response = await this.agent
        .request({
          origin: target.origin,
          path: target.pathname + target.search,
          method,
          headers,
          body,
          signal,
        })
        .catch(fail);
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      try {
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          const room = this.bodyCap - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size = this.bodyCap;
            truncated = true;
            break; // leaving the loop destroys the stream: the rest is never buffered
          }
          chunks.push(chunk);
          size += chunk.length;
        }
      } catch (error) {
        // A 204 or 304 ends at its headers whatever its Content-Length says (RFC 9112 §6.3): Polka's 204 carries
        // `Content-Length: 10` and no body, which undici refuses, though the answer is complete and was read.
        if (endsAtHeaders(method, response.statusCode) && (error as { code?: string }).code === LENGTH_MISMATCH)
          return {
            request,
            response: makeResponse(response.statusCode, flattenHeaders(response.headers), '', false),
            durationMs: Math.round(performance.now() - started),
          };
        const broken = this.transportError(error, request, signal, timeoutMs);
        // Headers came, the body did not: the API answered, and that answer is what is judged.
        if (broken.code === 'TIMEOUT') {
          const text = Buffer.concat(chunks).toString('utf8');
          const partial: Exchange = {
            request,
            response: makeResponse(response.statusCode, flattenHeaders(response.headers), text, true),
            durationMs: Math.round(performance.now() - started),
          };
          throw new StalledResponse(
            `${method} ${target.href} answered ${response.statusCode} and sent its headers, but its body did not complete within ${timeoutMs} ms (${size} bytes came): a response that stalls hangs its clients`,
            request,
            partial,
          );
        }
        throw broken;
      }
      return {
        request,
        response: makeResponse(
          response.statusCode,
          flattenHeaders(response.headers),
          Buffer.concat(chunks).toString('utf8'),
          truncated,
        ),
        durationMs: Math.round(performance.now() - started),
      };
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.agent.destroy().catch(() => undefined);
  }

  /**
   * Waits out the run's pause (Retry-After, backoff), then keeps the gap of --rate or of rate limiting,
   * whichever is longer, since the last request started. Nothing is reserved ahead: after each wait the
   * request looks again, so a gap that narrows, or a pause set meanwhile, counts at once.
   */
  private async waitTurn(signal: AbortSignal): Promise<void> {
    for (;;) {
      const pause = this.pacer.pauseLeftMs;
      if (pause > 0) {
        await sleep(pause, signal);
        continue;
      }
      const rate = this.options.ratePerSecond;
      const gap = Math.max(rate ? 1000 / rate : 0, this.pacer.gap);
      const wait = this.lastStart + gap - Date.now();
      if (gap > 0 && wait > 0) {
        await sleep(wait, signal);
        continue;
      }
      this.lastStart = Date.now();
      return;
    }
  }

  private transportError(error: unknown, request: SentRequest, signal: AbortSignal, timeoutMs: number): TransportError {
    if (error instanceof TransportError) return error;
    const where = `${request.method} ${request.url}`;
    // AbortSignal.any takes the reason of whichever signal fired: the request's own timeout, or the run's end.
    if (signal.aborted && (signal.reason as { name?: string } | undefined)?.name !== 'TimeoutError') {
      return new TransportError(`${where}: the run's deadline was reached`, request, 'DEADLINE');
    }
    if (signal.aborted)
      return new TransportError(`${where}: no complete response within ${timeoutMs} ms`, request, 'TIMEOUT');
    const cause = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = cause.code ?? cause.cause?.code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new TransportError(`${where}: no complete response within ${timeoutMs} ms`, request, 'TIMEOUT');
    }
    return new TransportError(`${where}: ${networkReason(error)}`, request, code);
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
