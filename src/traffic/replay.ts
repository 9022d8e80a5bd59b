// Judges traffic restguide did not send (a HAR, a proxy's exchanges): the checks that judge the run's traffic run
// on it, a batch at a time, and send nothing; the checks that must probe the API say so.
import { OutsideApiLink, RunContext, SkipSignal, type ExchangeClient } from '../core/check-context.js';
import type { AnyCheck } from '../core/define-check.js';
import { makeResponse, toEvidence, type Exchange } from '../core/exchange.js';
import { resolveUrl, type RequestSpec } from '../core/http-client.js';
import type { Target } from '../core/target.js';
import type { Redactor } from '../core/secrets.js';
import type { CheckResult, CheckStatus } from '../core/types.js';

/** A skip's message; coverage lists it as `not verified: needs active probing …`. */
export const NEEDS_PROBING = 'needs active probing: judging recorded traffic sends no request';
/**
 * Bounds of a batch: a run's traffic usually fits one (the reference server's whole run is about 600), and the
 * checks hold a batch's parsed bodies at once, so it bounds memory. V8 sets its next collection at about 4x what
 * is live, a batch included, so 2,000 made peak RSS 1.6-1.8x on 1 GB (docs/performance.md#judging-recorded-traffic).
 */
export const BATCH_EXCHANGES = 1000;
export const BATCH_CHARS = 32 * 1024 * 1024;
const MAX_EVIDENCE = 3;

/**
 * Answers a check's request from the batch when it holds that very GET, else with a placeholder 503 that no
 * check judges (a gateway's answer, see checks/support/traffic.ts): a replay never reaches the network.
 */
export class ReplayClient implements ExchangeClient {
  readonly allowWrites = false;
  private readonly reads = new Map<string, Exchange>();

  constructor(
    readonly baseUrl: string,
    readonly traffic: readonly Exchange[],
  ) {
    for (const exchange of traffic) {
      if (exchange.request.method === 'GET' && !this.reads.has(exchange.request.url))
        this.reads.set(exchange.request.url, exchange);
    }
  }

  url(url: string, query?: RequestSpec['query']): string {
    return resolveUrl(this.baseUrl, url, query);
  }

  request(spec: RequestSpec): Promise<Exchange> {
    const method = (spec.method ?? 'GET').toUpperCase();
    const url = this.url(spec.url, spec.query);
    const recorded = method === 'GET' ? this.reads.get(url) : undefined;
    return Promise.resolve(
      recorded ?? {
        request: { method, url, headers: {} },
        response: makeResponse(503, { 'x-restguide-replay': 'not in the recording' }, '', false),
        durationMs: 0,
      },
    );
  }
}

/** The results of one traffic check over one batch, as the runner would give them. */
export async function judgeBatch(
  check: AnyCheck,
  target: Target,
  client: ReplayClient,
  redactor: Redactor,
): Promise<CheckResult[]> {
  const { meta } = check;
  const base = { id: meta.id, rule: meta.rule, severity: meta.severity, resource: target.api.path };
  const ctx = new RunContext(client, target, meta.messages, new AbortController().signal);
  let skipped: string | undefined;
  let failure: unknown;
  try {
    await check.run(ctx, target.api as never);
  } catch (error) {
    if (error instanceof SkipSignal) skipped = error.message;
    else if (!(error instanceof OutsideApiLink)) failure = error;
  }
  const scrub = (text: string): string => redactor.text(text);
  const results: CheckResult[] = ctx.findings.map((f) => ({
    ...base,
    status: 'fail',
    message: f.message,
    messageId: f.messageId,
    evidence: f.evidence.map((e) => toEvidence(e, scrub)),
  }));
  const one = (status: CheckStatus, message: string): CheckResult => ({ ...base, status, message, evidence: [] });
  if (failure !== undefined)
    results.push(one('error', `the check crashed: ${failure instanceof Error ? failure.message : String(failure)}`));
  else if (results.length === 0) {
    if (skipped !== undefined) results.push(one('skip', skipped));
    else if (ctx.assertions === 0) results.push(one('skip', 'nothing in the recorded traffic for this check to judge'));
    else results.push(one('pass', meta.title));
  }
  return results;
}

/** One cause whatever batch showed it: the message with its answer count, URLs and numbers folded. */
const ALSO = / \(seen in (\d+) answers\)/;
const causeOf = (result: CheckResult): string =>
  `${result.messageId ?? ''} ${result.message
    .replace(ALSO, '')
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\d+/g, 'N')}`;
const seenIn = (result: CheckResult): number =>
  Number(ALSO.exec(result.message)?.[1] ?? Math.max(result.evidence.length, 1));

/** Folds the batches' results of one check into one verdict: every cause once, else an error (a gate passes nothing unverified), else a pass, else a skip. */
export class BatchVerdicts {
  private readonly fails = new Map<string, { result: CheckResult; seen: number }>();
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
          this.fails.set(key, { result: { ...result, evidence: [...result.evidence] }, seen: seenIn(result) });
          fresh.push(result);
          continue;
        }
        known.seen += seenIn(result);
        known.result.evidence.push(
          ...result.evidence.slice(0, Math.max(0, MAX_EVIDENCE - known.result.evidence.length)),
        );
      }
    }
    return fresh;
  }

  results(): CheckResult[] {
    if (this.fails.size > 0) {
      return [...this.fails.values()].map(({ result, seen }) => {
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
