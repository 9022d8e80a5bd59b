// A gateway's transient answers (429, 503, 502/504, resets, timeouts, a refused connection once the API has
// answered) are not the API's verdict: they are retried after Retry-After or a bounded backoff, and the whole run
// slows down while they last.
import type { Exchange } from '../engine/exchange.js';

/** Tries after the first, per request; a run also stops retrying once retries pass RETRY_BUDGET of its requests. */
export const DEFAULT_RETRIES = 4;
/** Retries a run may spend: this many, plus half the requests it sent (a budget that grows with the run). */
const RETRY_BUDGET = { base: 100, perRequest: 0.5 };
const BACKOFF = { firstMs: 250, maxMs: 8000 };
/** Bounds of the gap between request starts that rate limiting opens. */
const GAP = { minMs: 20, maxMs: 250 };
/** A Retry-After longer than this is not waited for: the check ends as errored, saying so. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** A request that timed out is tried once more at most: a second timeout says the API is slow, not flaky. */
const TIMEOUT_RETRIES = 1;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Statuses that say the request was not processed (RFC 6585, RFC 9110): safe to resend whatever the method. */
const NOT_PROCESSED = new Set([429, 503]);
/** A gateway's answer that the upstream failed: the request may have been applied. */
const UPSTREAM_FAILED = new Set([502, 504]);
/** Transport faults that a retry may cure. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/** No connection was made, so nothing was sent; transient only from an API that answered before (see faultOfCode). */
const REFUSED_CODE = 'ECONNREFUSED';

export type Fault =
  { kind: 'status'; status: number; exchange: Exchange } | { kind: 'reset' | 'timeout' | 'refused'; code: string };

/** A 429 or 503, or a refused connection: the request was not processed, so sending it again is its first application. */
export const notProcessed = (fault: Fault): boolean =>
  fault.kind === 'refused' || (fault.kind === 'status' && NOT_PROCESSED.has(fault.status));

/** The transient fault an answer or transport error is, if any. */
export function faultOfStatus(exchange: Exchange): Fault | undefined {
  const { status } = exchange.response;
  return NOT_PROCESSED.has(status) || UPSTREAM_FAILED.has(status) ? { kind: 'status', status, exchange } : undefined;
}

/**
 * The transient fault a transport error is, if any. A refused connection is one only once the API has answered
 * (`answered`): a server restarting or reloading (json-server --watch after each write); before, it is a target
 * that is down, said at once.
 */
export function faultOfCode(code: string | undefined, answered = false): Fault | undefined {
  if (code === 'TIMEOUT') return { kind: 'timeout', code };
  if (code === REFUSED_CODE) return answered ? { kind: 'refused', code } : undefined;
  return code !== undefined && RESET_CODES.has(code) ? { kind: 'reset', code } : undefined;
}

export const faultName = (fault: Fault): string => (fault.kind === 'status' ? String(fault.status) : fault.kind);

/**
 * Whether a request met by `fault` may simply be sent again: any method when the answer says it was
 * not processed, only idempotent ones when it may have been applied (a reset, a timeout, 502/504).
 */
export function safeToResend(method: string, fault: Fault): boolean {
  if (notProcessed(fault)) return true;
  return IDEMPOTENT.has(method);
}

/** How many times a fault of this kind may be retried on one request. */
export const retriesFor = (fault: Fault, retries: number): number =>
  fault.kind === 'timeout' ? Math.min(retries, TIMEOUT_RETRIES) : retries;

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP-date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names its day and month (`Wed, 21 Oct 2015 07:28:00 GMT`); Date.parse alone takes "-1" as a year.
  const date = /^[a-z]{3}, /i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter (half to all of the step), for a fault that gave no Retry-After. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** attempt);
  return Math.round(step / 2 + random() * (step / 2));
}

/** What the run met and how long it held back: said in the summary of every report. */
export interface TransientStats {
  /** Transient answers and faults met, by kind: `429`, `503`, `502`, `504`, `reset`, `timeout`, `refused`. */
  met: Record<string, number>;
  /** Requests sent again. */
  retries: number;
  /** Wall-clock time the run held every request back (Retry-After and backoff), in ms. */
  waitedMs: number;
  /** Requests that still met a fault when their tries or the run's budget were spent. */
  gaveUp: number;
}

/**
 * The run's pace under transient faults: a pause every request waits out (the longest Retry-After
 * or backoff asked for), and after a 429 or 503 a gap between request starts that doubles with
 * each one and shrinks by a tenth with each answer that was not one (so a gateway's steady limit
 * is found, and random refusals do not stall the run); the caller's --rate stays the ceiling.
 */
export class Pacer {
  readonly stats: TransientStats = { met: {}, retries: 0, waitedMs: 0, gaveUp: 0 };
  private pausedUntil = 0;
  private gapMs = 0;

  /** Holds every request back until `ms` from now (never shortens a pause already set). */
  pause(ms: number): void {
    const now = Date.now();
    const until = now + ms;
    if (until <= this.pausedUntil) return;
    this.stats.waitedMs += until - Math.max(now, this.pausedUntil);
    this.pausedUntil = until;
  }

  /** Milliseconds a request must still wait before it may start. */
  get pauseLeftMs(): number {
    return Math.max(0, this.pausedUntil - Date.now());
  }

  /** The gap kept between request starts because of rate limiting (0 when calm). */
  get gap(): number {
    return this.gapMs;
  }

  met(fault: Fault): void {
    const name = faultName(fault);
    this.stats.met[name] = (this.stats.met[name] ?? 0) + 1;
    // Rate limiting opens the gap; a refused connection is a restart, which the backoff waits out.
    if (fault.kind === 'status' && notProcessed(fault))
      this.gapMs = Math.min(GAP.maxMs, Math.max(GAP.minMs, this.gapMs * 2));
  }

  /** An answer that was not transient: the gap shrinks. */
  calmAnswer(): void {
    this.gapMs = this.gapMs * 0.9 < GAP.minMs / 2 ? 0 : this.gapMs * 0.9;
  }

  /** Whether the run may still spend a retry, given the requests it sent. */
  mayRetry(requests: number): boolean {
    return this.stats.retries < RETRY_BUDGET.base + RETRY_BUDGET.perRequest * requests;
  }
}

/** Why a deadline came early when the run met transient answers: "; the run met 57 transient answers (429 ×57) and waited 24.0 s for them". */
export function waitedNote(stats: TransientStats): string {
  const kinds = Object.entries(stats.met);
  if (kinds.length === 0) return '';
  const met = kinds.reduce((sum, [, n]) => sum + n, 0);
  return `; the run met ${met} transient answer${met === 1 ? '' : 's'} (${kinds.map(([kind, n]) => `${kind} ×${n}`).join(', ')}) and waited ${(stats.waitedMs / 1000).toFixed(1)} s for them`;
}

/** "the API kept answering 429" / "the connection kept being reset": why a request gave up. */
export function keptMeeting(fault: Fault): string {
  if (fault.kind === 'status') return `the API kept answering ${fault.status}`;
  if (fault.kind === 'refused') return 'the connection kept being refused';
  return fault.kind === 'timeout' ? 'the API kept timing out' : 'the connection kept being reset';
}
