// Traffic restguide did not send (a HAR, a proxy's exchanges), answered to the checks a batch at a time: a replay
// that never reaches the network, and the verdicts of a check folded over the batches.
import type { ExchangeClient } from '../core/engine/check-context.js';
import { makeResponse, type Exchange } from '../core/engine/exchange.js';
import { resolveUrl, type RequestSpec } from '../core/http/http-client.js';
import { foldedMessage, plainWords, urlsOf } from '../core/engine/fold-findings.js';
import type { CheckResult } from '../core/report/types.js';
import {
  NEEDS_PROBING,
  NOT_RECORDED_HEADER,
  NotRecorded,
  recordedAnswer,
  requestKey,
} from '../checks/support/traffic.js';

export { NEEDS_PROBING };
/**
 * Bounds of a batch: a run's traffic usually fits one (the reference server's whole run is about 600), and the
 * checks hold a batch's parsed bodies at once, so it bounds memory. V8 sets its next collection at about 4x what
 * is live, a batch included, so 2,000 made peak RSS 1.6-1.8x on 1 GB (docs/performance.md#judging-recorded-traffic).
 */
export const BATCH_EXCHANGES = 1000;
export const BATCH_CHARS = 32 * 1024 * 1024;
const MAX_EVIDENCE = 3;
/** URLs kept per cause for its fold: a proxy's cause may be seen on every URL of a long session. */
const MAX_URLS = 1000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A batch as the checks read it (`ctx.traffic()`): each distinct exchange while `distinctOnly` (a repeated read left
 * to its first, src/traffic/judge.ts), else every one. One array for every check of the batch, whichever it shows:
 * the checks key what they share by it. `read` says whether a check read the batch itself since it was last reset.
 */
export class BatchTraffic {
  distinctOnly = true;
  read = false;
  readonly view: readonly Exchange[];

  constructor(
    readonly all: readonly Exchange[],
    readonly distinct: readonly Exchange[],
  ) {
    const shown = (): readonly Exchange[] => {
      this.read = true;
      return this.distinctOnly ? distinct : all;
    };
    this.view =
      all.length === distinct.length
        ? all
        : new Proxy(all as Exchange[], {
            get(_target, key) {
              const list = shown();
              const value: unknown = Reflect.get(list, key);
              // Array methods (map, filter, the iterator) run on the list shown, not on the proxy's target.
              return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(list) : value;
            },
            has: (_target, key) => Reflect.has(shown(), key),
            ownKeys: () => Reflect.ownKeys(shown()),
            getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(shown(), key),
          });
  }

  /** Whether it holds repeats: then a check that read it and found a fault reads it again whole. */
  get repeats(): boolean {
    return this.view !== this.all;
  }

  /** `fn` with the batch shown whole, restored after. */
  async whole<T>(fn: () => Promise<T>): Promise<T> {
    this.distinctOnly = false;
    try {
      return await fn();
    } finally {
      this.distinctOnly = true;
    }
  }
}

/**
 * Answers a check's request from the batch. The traffic checks get the batch's first GET of that URL, else a
 * placeholder 503 that no check judges (a gateway's answer, see checks/support/traffic.ts); a `strict` client
 * (the checks that send their own requests) gets the recorded answer to that very request (method, URL and the
 * headers it sends) or a NotRecorded error. A replay never reaches the network.
 */
export class ReplayClient implements ExchangeClient {
  readonly allowWrites = false;
  /** The requests a strict client was asked and the recording does not hold, first first. */
  readonly misses: NotRecorded[] = [];
  private readonly reads: Map<string, Exchange>;
  private readonly recorded: Map<string, Exchange[]>;

  /**
   * `answering`: the exchanges answers come from, when `traffic` holds repeats of them too (an answer is the first
   * recorded to its request, so its repeats answer nothing).
   */
  constructor(
    readonly baseUrl: string,
    readonly traffic: readonly Exchange[],
    private readonly strict = false,
    shared?: ReplayClient,
    answering: readonly Exchange[] = traffic,
  ) {
    if (shared) {
      this.reads = shared.reads;
      this.recorded = shared.recorded;
      return;
    }
    this.reads = new Map();
    this.recorded = new Map();
    for (const exchange of answering) {
      const { method, url } = exchange.request;
      if (method === 'GET' && !this.reads.has(url)) this.reads.set(url, exchange);
      if (!READS.has(method)) continue;
      const key = requestKey(method, url);
      const list = this.recorded.get(key);
      if (list) list.push(exchange);
      else this.recorded.set(key, [exchange]);
    }
  }

  /** The same batch answered strictly, with misses of its own: one per check run. */
  strictView(): ReplayClient {
    return new ReplayClient(this.baseUrl, this.traffic, true, this);
  }

  url(url: string, query?: RequestSpec['query']): string {
    return resolveUrl(this.baseUrl, url, query);
  }

  request(spec: RequestSpec): Promise<Exchange> {
    const method = (spec.method ?? 'GET').toUpperCase();
    const url = this.url(spec.url, spec.query);
    if (this.strict) {
      const recorded = recordedAnswer(this.recorded.get(requestKey(method, url)) ?? [], spec.headers);
      if (recorded) return Promise.resolve(recorded);
      const miss = new NotRecorded(method, url);
      this.misses.push(miss);
      return Promise.reject(miss);
    }
    const recorded = method === 'GET' ? this.reads.get(url) : undefined;
    return Promise.resolve(
      recorded ?? {
        request: { method, url, headers: {} },
        response: makeResponse(503, { [NOT_RECORDED_HEADER]: 'not in the recording' }, '', false),
        durationMs: 0,
      },
    );
  }
}

/** One cause whatever batch showed it: the message without its tally or fold, URLs and numbers folded. */
const ALSO = / \(seen in (\d+) answers\)/;
const causeOf = (result: CheckResult): string =>
  `${result.messageId ?? ''} ${plainWords({ ...result, message: result.message.replace(ALSO, '') })
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\d+/g, 'N')}`;
const seenIn = (result: CheckResult): number =>
  Number(ALSO.exec(result.message)?.[1] ?? Math.max(result.evidence.length, 1));

interface Cause {
  result: CheckResult;
  /** Answers that showed it, as the checks' own tallies say. */
  seen: number;
  /** Its findings (a fold counts those it folded) and the URLs they were seen on, the first MAX_URLS. */
  count: number;
  urls: Set<string>;
  /** URLs beyond MAX_URLS were seen too. */
  more: boolean;
  /** A batch folded it over several URLs (runJob's fold): the verdict is one fold of every batch's findings. */
  folded: boolean;
  /** A check's own tally said how many answers showed it (`(seen in 3 answers)`). */
  tallied: boolean;
}

/** Folds the batches' results of one check into one verdict: every cause once, else an error (a gate passes nothing unverified), else a pass, else a skip. */
export class BatchVerdicts {
  private readonly fails = new Map<string, Cause>();
  private pass: CheckResult | undefined;
  private error: CheckResult | undefined;
  private skip: CheckResult | undefined;

  /** Takes a batch's results; returns the findings of causes not seen in an earlier batch. */
  add(results: readonly CheckResult[]): CheckResult[] {
    const fresh: CheckResult[] = [];
    for (const result of results) {
      if (result.status === 'pass') this.pass ??= result;
      else if (result.status === 'error') this.error ??= result;
      else if (result.status === 'skip') this.skip ??= result;
      else {
        const key = causeOf(result);
        const known = this.fails.get(key);
        if (!known) {
          const cause: Cause = {
            result: { ...result, evidence: [...result.evidence] },
            seen: 0,
            count: 0,
            urls: new Set(),
            more: false,
            folded: false,
            tallied: false,
          };
          this.fails.set(key, tally(cause, result));
          fresh.push(result);
          continue;
        }
        tally(known, result);
        known.result.evidence.push(
          ...result.evidence.slice(0, Math.max(0, MAX_EVIDENCE - known.result.evidence.length)),
        );
      }
    }
    return fresh;
  }

  results(): CheckResult[] {
    if (this.fails.size > 0) {
      return [...this.fails.values()].map(({ result, seen, count, urls, more, folded, tallied }) => {
        // As runJob folds one fault on several URLs within a batch, so across batches, unless the check tallied it.
        if (folded || (!tallied && urls.size > 1)) {
          const listed = [...urls];
          return { ...result, message: foldedMessage(result, listed, count, more), count, urls: listed };
        }
        if (seen <= 1) return result;
        const message = ALSO.test(result.message)
          ? result.message.replace(ALSO, ` (seen in ${seen} answers)`)
          : result.message.replace(/\.?$/, ` (seen in ${seen} answers).`);
        return { ...result, message };
      });
    }
    const one = this.error ?? this.pass ?? this.skip;
    return one ? [one] : [];
  }
}

/** Adds a batch's result of a cause to its tallies; returns the cause. */
function tally(cause: Cause, result: CheckResult): Cause {
  cause.seen += seenIn(result);
  cause.count += result.count ?? 1;
  cause.folded ||= result.count !== undefined;
  cause.tallied ||= ALSO.test(result.message);
  for (const url of urlsOf(result)) {
    if (cause.urls.has(url)) continue;
    if (cause.urls.size < MAX_URLS) cause.urls.add(url);
    else cause.more = true;
  }
  return cause;
}
