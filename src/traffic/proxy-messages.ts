// What the forwarding thread and the judging worker of `restguide proxy` say to each other.
import type { Profile } from '../core/profile/profile.js';
import type { CheckReport, CheckResult } from '../core/report/types.js';
import type { TrafficCounts } from './judge.js';

export interface JudgeSetup {
  baseUrl: string;
  profile: Profile;
  contract?: Record<string, unknown>;
  only?: string[];
  skip?: string[];
  headers?: Record<string, string>;
  batchExchanges: number;
  /** Judge a partial batch once no exchange came for this long. */
  idleMs: number;
  /** Judge a read repeated within its batch once (default true; false judges each, for tests to compare). */
  repeatsOnce?: boolean;
}

/**
 * One forwarded exchange, as the forwarding thread copied it: headers as they came (the worker flattens
 * them, so the forwarding thread does not), bodies up to the judging cap.
 */
export interface ExchangeCopy {
  method: string;
  /** Path and query as the client sent them (the upstream's base path included). */
  target: string;
  /** The request's headers as received: name, value, name, value, … */
  requestHeaders: string[];
  /** Absent when the request had no body. */
  requestBody?: string;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  /** The response body: one object for the copies of a message whose bodies are the same bytes, sent once. */
  responseBody: SharedText;
  /** The response body was longer than the cap: `responseBody` is its start. */
  truncated: boolean;
  durationMs: number;
  /** When the request came (ms since the epoch). */
  startedAt: number;
}

export interface SharedText {
  text: string;
}

export type ToJudge =
  /** Exchanges in the order they were forwarded; one message for many keeps postMessage off the request path. */
  | { kind: 'exchanges'; exchanges: ExchangeCopy[] }
  | { kind: 'report'; id: number }
  /** Origins the proxy is reached at besides those each request names (its listening address). */
  | { kind: 'aliases'; origins: string[] };

export type FromJudge =
  | { kind: 'ready' }
  | { kind: 'processed'; count: number }
  | { kind: 'finding'; result: CheckResult }
  | { kind: 'report'; id: number; report: CheckReport; counts: TrafficCounts };
