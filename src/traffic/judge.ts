// The report of recorded traffic: batches of exchanges under the base URL go to the traffic checks, every exchange
// to the tally of operations; nothing is sent.
import type { AnyCheck } from '../core/define-check.js';
import type { Exchange } from '../core/exchange.js';
import { coverageOf } from '../core/coverage.js';
import { UsageError } from '../core/errors.js';
import { resolveTarget, type Profile } from '../core/profile.js';
import { Redactor } from '../core/secrets.js';
import { selectChecks } from '../core/select-checks.js';
import { summarize } from '../core/summary.js';
import { compareCodes, type CheckReport, type CheckResult } from '../core/types.js';
import { VERSION } from '../core/version.js';
import { OperationTally } from './operations.js';
import { BATCH_CHARS, BATCH_EXCHANGES, BatchVerdicts, judgeBatch, NEEDS_PROBING, ReplayClient } from './replay.js';

export interface JudgeOptions {
  /** Only exchanges under it are the API's; no trailing slash. */
  baseUrl: string;
  only?: string[];
  skip?: string[];
  /** The OpenAPI document: the contract, and the operations coverage counts. */
  contract?: Record<string, unknown>;
  redactor?: Redactor;
  /** Smaller batches (tests); default that of a run's traffic log. */
  batchExchanges?: number;
}

/** What the traffic held: entries read, those judged (under the base URL), those of other origins or paths. */
export interface TrafficCounts { exchanges: number; judged: number; outside: number }

export const isUnder = (url: string, baseUrl: string): boolean =>
  url === baseUrl || url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`);

export async function judgeTraffic(checks: readonly AnyCheck[], profile: Profile, source: AsyncIterable<Exchange>, options: JudgeOptions): Promise<{ report: CheckReport; counts: TrafficCounts }> {
  const selected = selectChecks(checks, options.only, options.skip);
  const started = performance.now();
  const startedAt = new Date();
  const redactor = options.redactor ?? new Redactor();
  // No sample ids are read: the target is what the profile says, and a replay answers nothing it did not record.
  const target = await resolveTarget({ ...profile, documents: (profile.documents ?? []).map(({ sampleIdsFrom: _from, ...doc }) => doc) }, new ReplayClient(options.baseUrl, []));
  if (options.contract) target.api.contract = options.contract;
  const judging = selected.filter((check) => check.judgesTraffic);
  const verdicts = new Map(judging.map((check) => [check, new BatchVerdicts()]));
  const tally = options.contract ? new OperationTally(options.contract, options.baseUrl) : undefined;
  const counts: TrafficCounts = { exchanges: 0, judged: 0, outside: 0 };
  const maxExchanges = options.batchExchanges ?? BATCH_EXCHANGES;
  let batch: Exchange[] = [];
  let chars = 0;
  const judgeAll = async (): Promise<void> => {
    if (batch.length === 0) return;
    const client = new ReplayClient(options.baseUrl, batch);
    for (const check of judging) verdicts.get(check)?.add(await judgeBatch(check, target, client, redactor));
    batch = [];
    chars = 0;
  };
  for await (const exchange of source) {
    counts.exchanges++;
    if (!isUnder(exchange.request.url, options.baseUrl)) { counts.outside++; continue; }
    counts.judged++;
    tally?.add(exchange);
    batch.push(exchange);
    chars += exchange.response.text.length;
    if (batch.length >= maxExchanges || chars >= BATCH_CHARS) await judgeAll();
  }
  await judgeAll();
  if (counts.judged === 0) {
    throw new UsageError(`no exchange of the traffic is under ${options.baseUrl} (${counts.exchanges} read): give the API's base URL, or --openapi with its servers`);
  }

  const results: CheckResult[] = [];
  for (const check of selected) {
    const { meta } = check;
    if (check.judgesTraffic) results.push(...(verdicts.get(check)?.results() ?? []));
    else results.push({ id: meta.id, rule: meta.rule, severity: meta.severity, status: 'skip', resource: '-', message: NEEDS_PROBING, evidence: [] });
  }
  results.sort((a, b) => compareCodes(a.id, b.id) || compareCodes(a.resource, b.resource) || compareCodes(a.message, b.message));
  const coverage = coverageOf(results, {
    collections: target.collections.length, documents: target.documents.length, tasks: target.tasks.length, controllers: target.controllers.length,
  }, new Set(selected.map((check) => check.meta.id)));
  const report: CheckReport = {
    tool: 'restguide', version: VERSION, target: options.baseUrl, startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    summary: summarize(results, 0),
    results: redactor.deep(results),
    cleanups: [],
    coverage: { ...coverage, ...(tally ? tally.result() : {}) },
  };
  return { report, counts };
}
