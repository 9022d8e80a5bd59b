// The report of traffic restguide did not send (a recording, a proxy's exchanges): batches of exchanges under the
// base URL go to the traffic checks, every exchange to the tally of operations; nothing is sent.
import { judgesRecordings, type AnyCheck } from '../core/engine/define-check.js';
import type { Exchange } from '../core/engine/exchange.js';
import { coverageOf } from '../core/engine/coverage.js';
import { UsageError } from '../core/util/errors.js';
import { resolveTarget, type Profile } from '../core/profile/profile.js';
import { Redactor } from '../core/report/secrets.js';
import { selectChecks } from '../core/engine/select-checks.js';
import { summarize } from '../core/engine/summary.js';
import type { Target } from '../core/profile/target.js';
import { compareCodes, type CheckReport, type CheckResult, type ReportSource } from '../core/report/types.js';
import { VERSION } from '../core/util/version.js';
import { OperationTally } from './operations.js';
import { markRecording } from '../checks/support/traffic.js';
import { judgeBatch } from './judge-batch.js';
import { BATCH_CHARS, BATCH_EXCHANGES, BatchTraffic, BatchVerdicts, NEEDS_PROBING, ReplayClient } from './replay.js';
import { TrafficModel } from './traffic-model.js';

export interface JudgeOptions {
  /** Only exchanges under it are the API's; no trailing slash. */
  baseUrl: string;
  only?: string[];
  skip?: string[];
  /** The OpenAPI document: the contract, and the operations coverage counts. */
  contract?: Record<string, unknown>;
  redactor?: Redactor;
  /** Smaller batches (tests, a proxy that reports often); default that of a run's traffic log. */
  batchExchanges?: number;
  /** Each finding of a cause not seen before, as batches are judged (a proxy's terminal lines). */
  onFinding?: (result: CheckResult) => void;
  /**
   * The checks see a read that repeats one of its batch (the trace id aside) once, unless they find a fault; it is
   * counted and tallied all the same. A proxy's busy traffic is mostly the same few reads
   * (docs/performance.md#the-judging-proxy).
   */
  repeatsOnce?: boolean;
}

/** What the traffic held: entries read, those judged (under the base URL), those of other origins or paths. */
export interface TrafficCounts {
  exchanges: number;
  judged: number;
  outside: number;
  /** When the first and the last exchange judged started (ms since the epoch), where the traffic says. */
  firstAt?: number;
  lastAt?: number;
}

export const isUnder = (url: string, baseUrl: string): boolean =>
  url === baseUrl || url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`);

/** Reads: a repeated one asks the same again. A write repeated is another write, judged as such. */
const REPEATABLE = new Set(['GET', 'HEAD']);
/** Distinct answers of one request a new one is compared to, at most: one that repeats an older is judged again. */
const COMPARED = 4;

function sameHeaders(a: Record<string, string>, b: Record<string, string>, aside?: string): boolean {
  let count = 0;
  for (const name in a) {
    if (name === aside) continue;
    count++;
    if (a[name] !== b[name]) return false;
  }
  for (const name in b) if (name !== aside) count--;
  return count === 0;
}

/**
 * Whether `b` is `a` again: the same read (headers and body), status, body and answer headers, the trace id aside
 * (an API gives each answer its own). When and how fast it came are no part of what the checks judge.
 */
export function isRepeat(a: Exchange, b: Exchange, traceHeader: string): boolean {
  return (
    a.request.method === b.request.method &&
    a.request.url === b.request.url &&
    a.response.status === b.response.status &&
    a.response.truncated === b.response.truncated &&
    a.request.body === b.request.body &&
    a.response.text === b.response.text &&
    sameHeaders(a.request.headers, b.request.headers) &&
    sameHeaders(a.response.headers, b.response.headers, traceHeader)
  );
}

/** Takes exchanges one at a time, judges them a batch at a time, and gives the report so far at any point. */
export class TrafficJudge {
  readonly counts: TrafficCounts = { exchanges: 0, judged: 0, outside: 0 };
  /** With `repeatsOnce`: the reads left to the first of their batch. */
  repeats = 0;
  private readonly startedAt = new Date();
  private readonly started = performance.now();
  private readonly selected: AnyCheck[];
  private readonly judging: AnyCheck[];
  /** Per check, its verdicts per resource (the API's `/`, a collection's path...). */
  private readonly verdicts: Map<AnyCheck, Map<string, BatchVerdicts>>;
  /** Documents whose sample ids the profile reads from a collection: read from the first batch that holds it. */
  private sampleIdsPending: boolean;
  /** Neither a document nor a profile names a resource: the model is read from the traffic, batch after batch. */
  private readonly model: TrafficModel | undefined;
  private readonly tally: OperationTally | undefined;
  private readonly redactor: Redactor;
  /** The batch: `all` its exchanges, `batch` each distinct one (with `repeatsOnce`, a repeated read once). */
  private batch: Exchange[] = [];
  private all: Exchange[] = [];
  /** The batch's distinct reads by method, URL and status (`repeatsOnce`). */
  private readonly distinct = new Map<string, Exchange[]>();
  private chars = 0;

  private constructor(
    checks: readonly AnyCheck[],
    private readonly profile: Profile,
    private target: Target,
    private readonly options: JudgeOptions,
  ) {
    this.selected = selectChecks(checks, options.only, options.skip);
    this.judging = this.selected.filter(judgesRecordings);
    this.verdicts = new Map(this.judging.map((check) => [check, new Map()]));
    this.sampleIdsPending = (profile.documents ?? []).some((doc) => doc.sampleIdsFrom && !doc.sampleIds);
    const modelled = (profile.collections?.length ?? 0) + (profile.documents?.length ?? 0) > 0;
    this.model = modelled ? undefined : new TrafficModel(options.baseUrl);
    this.tally = options.contract ? new OperationTally(options.contract, options.baseUrl) : undefined;
    this.redactor = options.redactor ?? new Redactor();
  }

  static async open(checks: readonly AnyCheck[], profile: Profile, options: JudgeOptions): Promise<TrafficJudge> {
    return new TrafficJudge(checks, profile, await recordedTarget(profile, options, []), options);
  }

  /** Whether the batch is full: then `judgePending` should run before more come. */
  add(exchange: Exchange): boolean {
    this.counts.exchanges++;
    if (!isUnder(exchange.request.url, this.options.baseUrl)) {
      this.counts.outside++;
      return false;
    }
    this.counts.judged++;
    const at = exchange.startedAt;
    if (at !== undefined) {
      if (this.counts.firstAt === undefined || at < this.counts.firstAt) this.counts.firstAt = at;
      if (this.counts.lastAt === undefined || at > this.counts.lastAt) this.counts.lastAt = at;
    }
    this.tally?.add(exchange);
    this.chars += exchange.response.text.length;
    const first = this.firstOf(exchange);
    if (first === undefined) {
      this.batch.push(exchange);
      this.all.push(exchange);
    } else {
      this.repeats++;
      // The same body parsed once: each check that reads a body already shares its parse with the others.
      const { response } = exchange;
      const { status, headers, text, truncated } = response;
      this.all.push({
        ...exchange,
        response: {
          status,
          headers,
          text,
          truncated,
          get json() {
            return first.response.json;
          },
        },
      });
    }
    return this.all.length >= (this.options.batchExchanges ?? BATCH_EXCHANGES) || this.chars >= BATCH_CHARS;
  }

  /** The read of the batch that `exchange` repeats (only with `repeatsOnce`); remembers it when none. */
  private firstOf(exchange: Exchange): Exchange | undefined {
    const { request, response } = exchange;
    if (!this.options.repeatsOnce || !REPEATABLE.has(request.method)) return undefined;
    const key = `${request.method} ${response.status} ${request.url}`;
    const seen = this.distinct.get(key);
    const trace = this.target.api.traceHeader.toLowerCase();
    const first = seen?.find((one) => isRepeat(one, exchange, trace));
    if (first) return first;
    // The last few of a request only: answers that differ each time (a problem's instance) are compared to as many.
    if (seen && seen.length >= COMPARED) seen.shift();
    if (seen) seen.push(exchange);
    else this.distinct.set(key, [exchange]);
    return undefined;
  }

  /** Judges the exchanges taken since the last batch. */
  async judgePending(): Promise<void> {
    if (this.all.length === 0) return;
    // A repeat adds nothing to what the sample ids, the model and the replays read (the first answer to a request
    // is the one each takes), and a check judges it as it judges its first: a pass or a skip stands on the batch's
    // distinct exchanges. A finding's tallies and evidence may count each answer, so a check that read the batch
    // itself and found a fault runs again on all of it (judgeBatch).
    const batch = new BatchTraffic(this.all, this.batch);
    const client = new ReplayClient(this.options.baseUrl, batch.view, false, undefined, batch.distinct);
    // Sample ids come from the recorded page a run would read them from, in the first batch that holds it.
    if (this.sampleIdsPending) {
      const target = await recordedTarget(this.profile, this.options, batch.distinct);
      if (target.documents.some((d) => d.sampleIds.length > 0)) {
        this.target = target;
        this.sampleIdsPending = false;
      }
    }
    if (this.model?.observe(batch.distinct))
      this.target = await recordedTarget(this.model.profile(), this.options, batch.distinct);
    this.batch = [];
    this.all = [];
    this.distinct.clear();
    this.chars = 0;
    const results = await judgeBatch(this.judging, this.target, client, this.redactor, batch);
    const byCheck = new Map<string, CheckResult[]>();
    for (const result of results) byCheck.set(result.id, [...(byCheck.get(result.id) ?? []), result]);
    for (const check of this.judging) {
      const perResource = this.verdicts.get(check);
      if (!perResource) continue;
      for (const result of byCheck.get(check.meta.id) ?? []) {
        let verdicts = perResource.get(result.resource);
        if (!verdicts) perResource.set(result.resource, (verdicts = new BatchVerdicts()));
        for (const fresh of verdicts.add([result])) this.options.onFinding?.(this.redactor.deep(fresh));
      }
    }
  }

  /** The report of everything judged so far (call judgePending first to include the last exchanges). */
  report(): CheckReport {
    const results: CheckResult[] = [];
    for (const check of this.selected) {
      const { meta } = check;
      const perResource = this.verdicts.get(check);
      // A check not applicable to an early batch's model ('-') and judged once the traffic told its resources.
      const judged = perResource && [...perResource].filter(([resource]) => resource !== '-' || perResource.size === 1);
      if (judged) results.push(...judged.flatMap(([, verdicts]) => verdicts.results()));
      else
        results.push({
          id: meta.id,
          rule: meta.rule,
          severity: meta.severity,
          status: 'skip',
          resource: '-',
          message: NEEDS_PROBING,
          evidence: [],
        });
    }
    results.sort(
      (a, b) => compareCodes(a.id, b.id) || compareCodes(a.resource, b.resource) || compareCodes(a.message, b.message),
    );
    const { target } = this;
    // Every check counts as one of the API as a whole: a recording verifies no resource by resource.
    const coverage = coverageOf(
      results,
      {
        collections: target.collections.length,
        documents: target.documents.length,
        tasks: target.tasks.length,
        controllers: target.controllers.length,
      },
      new Set(this.selected.map((check) => check.meta.id)),
    );
    return {
      tool: 'restguide',
      version: VERSION,
      target: this.options.baseUrl,
      startedAt: this.startedAt.toISOString(),
      durationMs: Math.round(performance.now() - this.started),
      summary: summarize(results, 0),
      results: this.redactor.deep(results),
      cleanups: [],
      coverage: { ...coverage, ...this.tally?.result() },
    };
  }
}

/** The profile's target, with sample ids read from the recording's answers (a replay answers nothing it did not record). */
async function recordedTarget(profile: Profile, options: JudgeOptions, batch: readonly Exchange[]): Promise<Target> {
  const target = await resolveTarget(profile, new ReplayClient(options.baseUrl, batch).strictView());
  if (options.contract) target.api.contract = options.contract;
  markRecording(target);
  return target;
}

/** Judges a whole source of exchanges (a recording); a source with nothing under the base URL is a usage error. */
export async function judgeTraffic(
  checks: readonly AnyCheck[],
  profile: Profile,
  source: AsyncIterable<Exchange>,
  options: JudgeOptions,
): Promise<{ report: CheckReport; counts: TrafficCounts }> {
  const judge = await TrafficJudge.open(checks, profile, options);
  for await (const exchange of source) if (judge.add(exchange)) await judge.judgePending();
  await judge.judgePending();
  if (judge.counts.judged === 0) {
    throw new UsageError(
      `no exchange of the traffic is under ${options.baseUrl} (${judge.counts.exchanges} read): give the API's base URL, or --openapi with its servers`,
    );
  }
  return { report: judge.report(), counts: judge.counts };
}

/** A report's `source`: what the traffic held, and when; the caller says where it came from. */
export function sourceOf(
  where: Pick<ReportSource, 'kind' | 'files' | 'upstream' | 'listening'>,
  counts: TrafficCounts,
  dropped: number,
): ReportSource {
  return {
    ...where,
    exchanges: { read: counts.exchanges + dropped, judged: counts.judged, outside: counts.outside, dropped },
    ...(counts.firstAt !== undefined ? { firstAt: new Date(counts.firstAt).toISOString() } : {}),
    ...(counts.lastAt !== undefined ? { lastAt: new Date(counts.lastAt).toISOString() } : {}),
  };
}
