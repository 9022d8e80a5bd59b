// Runs every selected check against every resource it applies to, and builds the report.
import { setMaxListeners } from 'node:events';
import { judgesTraffic, type AnyCheck } from './define-check.js';
import { UsageError } from '../util/errors.js';
import type { Exchange } from './exchange.js';
import { openAuthSession, type RunAuthSettings } from '../http/auth/session.js';
import type { ProxyEnv, TlsMaterial } from '../http/auth/transport.js';
import { HttpClient, TransportError } from '../http/http-client.js';
import { resolveTarget, type Profile } from '../profile/profile.js';
import { probeEmptyTarget, probeResources, serversUrlOf } from './probe-resources.js';
import { Redactor } from '../report/secrets.js';
import { selectChecks } from './select-checks.js';
import { summarize } from './summary.js';
import { waitedNote } from '../http/transient.js';
import { coverageOf } from './coverage.js';
import { RootOutcomes } from './dependencies.js';
import { DeadlineReached, jobsOf, runJob, type Job, type Run } from './run-job.js';
import type { Target } from '../profile/target.js';
import { Traffic } from './exchange-log.js';
import { withoutTrailingSlashes } from '../profile/trailing-slashes.js';
import type { CheckReport, CheckResult, CheckStatus, CleanupRecord, Coverage } from '../report/types.js';
import { unexercisedReason } from './unexercised.js';
import { VERSION } from '../util/version.js';

export interface RunOptions {
  /** API base URL (with its base path), no trailing slash. */
  baseUrl: string;
  allowWrites?: boolean;
  /** Check ids or areas. */
  only?: string[];
  skip?: string[];
  /** Per request. */
  timeoutMs?: number;
  /** Requests in flight at once (also the number of checks running at once). */
  concurrency?: number;
  ratePerSecond?: number;
  /** The whole run; checks still running then end as `error`. */
  deadlineMs?: number;
  bodyCapBytes?: number;
  /** Configured headers, sent only to the base URL's origin. */
  headers?: Record<string, string>;
  /** A protected API: OAuth2 client credentials, or a fixed Authorization header; the auth checks apply. */
  auth?: RunAuthSettings;
  /** Client certificate, key and CA (PEM) for mutual TLS. */
  tls?: TlsMaterial;
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY; absent: direct connections. */
  proxy?: ProxyEnv;
  /**
   * First send one GET to the base URL (a transport error then is a UsageError, "cannot reach"),
   * then one GET per resource of the profile (one that answers 404 is a UsageError too).
   */
  probe?: boolean;
  /**
   * Secrets to scrub from the report besides the configured header values (which are always added);
   * more may be registered while the run goes (e.g. an OAuth2 token fetched at run time).
   */
  redactor?: Redactor;
  /**
   * Aborted on SIGINT/SIGTERM: no new check starts and no new request is sent, requests in flight
   * finish and every registered cleanup runs, all within `cleanupBudgetMs`; the report is partial.
   */
  interrupt?: AbortSignal;
  /** The OpenAPI document given on the command line: the contract `doc.*` checks hold responses to. */
  contract?: Record<string, unknown>;
  /** GET paths the API's document declares without parameters: the probe asks them before calling the target empty. */
  declaredPaths?: readonly string[];
  cleanupBudgetMs?: number;
  /** Tries after the first for a gateway's transient answer (429, 503, 502/504, resets, timeouts); 0: none. */
  retries?: number;
  /** Each write a cleanup sent (or could not send), as it happens (the report lists them all too). */
  onCleanup?: (entry: CleanupRecord) => void;
  /** Every final answer of the run as it comes (`check --record`, the tally of operations). */
  onExchange?: (exchange: Exchange) => void;
  /** Counts the run's answers per operation of a document (src/traffic/operations.ts), given the base URL. */
  operations?: (baseUrl: string) => {
    add(exchange: Exchange): void;
    result(whyUnseen?: (method: string, path: string) => string): Pick<Coverage, 'operations' | 'undocumented'>;
  };
  /** Called for each result; `done` of `total` counts (check, resource) runs. */
  onResult?: (result: CheckResult, done: number, total: number) => void;
}

export const RUN_DEFAULTS = {
  timeoutMs: 10_000,
  concurrency: 8,
  deadlineMs: 120_000,
  cleanupBudgetMs: 20_000,
} as const;

export async function runChecks(
  checks: readonly AnyCheck[],
  profile: Profile,
  options: RunOptions,
): Promise<CheckReport> {
  const selected = selectChecks(checks, options.only, options.skip);
  const startedAt = new Date();
  const started = performance.now();
  const deadline = new AbortController();
  // Every in-flight request and running check listens to the deadline: more than Node's default 10.
  setMaxListeners(0, deadline.signal);
  const deadlineMs = options.deadlineMs ?? RUN_DEFAULTS.deadlineMs;
  const deadlineAt = Date.now() + deadlineMs;
  const timer = setTimeout(() => deadline.abort(new DeadlineReached()), deadlineMs);
  // Cleanups outlive the deadline; only an interrupted run's cleanup budget ends them.
  const cleanupBudget = new AbortController();
  setMaxListeners(0, cleanupBudget.signal);
  const concurrency = options.concurrency ?? RUN_DEFAULTS.concurrency;
  const timeoutMs = options.timeoutMs ?? RUN_DEFAULTS.timeoutMs;
  const transport = {
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  };
  // One redactor for the run: the configured header values now, the OAuth2 secret and tokens as they come.
  const redactor = (options.redactor ?? new Redactor()).addHeaderValues(options.headers);
  const auth = openAuthSession(options.auth, { timeoutMs, ...transport }, redactor);
  const operations = options.operations?.(withoutTrailingSlashes(options.baseUrl));
  const onExchange = operations
    ? (exchange: Exchange) => {
        operations.add(exchange);
        options.onExchange?.(exchange);
      }
    : options.onExchange;
  const client = new HttpClient({
    traffic: new Traffic(onExchange),
    baseUrl: options.baseUrl,
    allowWrites: options.allowWrites ?? false,
    concurrency,
    timeoutMs,
    signal: deadline.signal,
    deadlineAt,
    cleanupSignal: cleanupBudget.signal,
    ...transport,
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(auth.authorization ? { authorization: auth.authorization } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.bodyCapBytes ? { bodyCapBytes: options.bodyCapBytes } : {}),
    ...(options.ratePerSecond ? { ratePerSecond: options.ratePerSecond } : {}),
  });
  let budget: NodeJS.Timeout | undefined;
  const onInterrupt = () => {
    client.stop();
    budget = setTimeout(() => {
      deadline.abort(new DeadlineReached());
      cleanupBudget.abort(new DeadlineReached());
    }, options.cleanupBudgetMs ?? RUN_DEFAULTS.cleanupBudgetMs);
  };
  if (options.interrupt?.aborted) onInterrupt();
  else options.interrupt?.addEventListener('abort', onInterrupt, { once: true });
  try {
    const baseStatus = options.probe ? await probe(client) : undefined;
    const target = await resolveTarget(profile, client);
    if (auth.api) target.api.auth = auth.api;
    if (options.contract) target.api.contract = options.contract;
    const credentials =
      options.auth !== undefined ||
      Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
    const serversUrl = serversUrlOf(options.contract, client.baseUrl);
    const known = {
      ...(baseStatus === undefined ? {} : { baseStatus }),
      credentials,
      ...(serversUrl ? { serversUrl } : {}),
      ...(options.declaredPaths ? { declaredPaths: options.declaredPaths } : {}),
    };
    if (options.probe) {
      await probeResources(target, client, known);
      await probeEmptyTarget(target, client, known);
    }
    const cleanups: CleanupRecord[] = [];
    const { jobs, notApplicable: results } = jobsOf(selected, target);
    // A check runs after its roots on each resource, and skips what a failed root already reported.
    const roots = new RootOutcomes(selected, jobs);
    let done = 0;
    const record = (job: Job, jobResults: CheckResult[]): void => {
      roots.settle(job.check, job.resource.path, jobResults);
      done++;
      for (const result of jobResults) {
        results.push(result);
        options.onResult?.(result, done, jobs.length);
      }
    };
    const onJobCleanup = (entry: CleanupRecord): void => {
      cleanups.push(entry);
      options.onCleanup?.(entry);
    };
    // The checks that judge the run's traffic start at once (their probes and the read across the data overlap
    // the others) but judge only once every other check has ended, so they see every answer; they hold no
    // worker while they wait.
    let othersEnded = () => {};
    const settled = new Promise<void>((resolve) => {
      othersEnded = resolve;
    });
    const run: Run = {
      target,
      redactor,
      roots,
      signal: deadline.signal,
      deadlineAt,
      settled,
      startedAt: started,
      clientFor: () => client,
      onCleanup: onJobCleanup,
      lateNote: () => waitedNote(client.pacer.stats),
    };
    const runOneJob = (job: Job) => runJob(run, job);
    const judging = jobs
      .filter((job) => judgesTraffic(job.check) && !options.interrupt?.aborted)
      .map((job) => runOneJob(job).then((jobResults) => record(job, jobResults)));
    const others = roots.order(jobs.filter((job) => !judgesTraffic(job.check)));
    let next = 0;
    const worker = async () => {
      while (next < others.length && !options.interrupt?.aborted) {
        const job = others[next++];
        if (!job) break;
        record(job, await runOneJob(job));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(others.length, 1)) }, worker));
    roots.settleRest(others);
    othersEnded();
    await Promise.all(judging);
    results.splice(0, results.length, ...(await roots.dropLater(results)));
    results.sort(compareResults);
    return reportOf({ results, cleanups, client, target, selected, redactor, startedAt, started, operations, options });
  } finally {
    clearTimeout(timer);
    clearTimeout(budget);
    options.interrupt?.removeEventListener('abort', onInterrupt);
    await client.close();
    await auth.close();
  }
}

/** The run's report: results and cleanups redacted once, so every format and the baseline get the same. */
function reportOf(run: {
  results: CheckResult[];
  cleanups: CleanupRecord[];
  client: HttpClient;
  target: Target;
  selected: readonly AnyCheck[];
  redactor: Redactor;
  startedAt: Date;
  started: number;
  operations: ReturnType<NonNullable<RunOptions['operations']>> | undefined;
  options: RunOptions;
}): CheckReport {
  const { results, cleanups, client, target, selected, redactor, startedAt, started, operations, options } = run;
  // Scrubbed once, here, so every format and the baseline get the same redacted results.
  const left = cleanups.filter((c) => c.outcome === 'left').length;
  const { met, retries, waitedMs, gaveUp } = client.pacer.stats;
  return {
    tool: 'restguide',
    version: VERSION,
    target: client.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    summary: {
      ...summarize(results, client.requests),
      transient: { met: { ...met }, retries, waitedMs: Math.round(waitedMs), gaveUp },
      cleanups: { cleaned: cleanups.length - left, left },
    },
    results: redactor.deep(results),
    cleanups: redactor.deep(cleanups),
    coverage: {
      ...coverageOf(
        results,
        {
          collections: target.collections.length,
          documents: target.documents.length,
          tasks: target.tasks.length,
          controllers: target.controllers.length,
        },
        new Set(selected.filter((check) => check.appliesTo === 'api').map((check) => check.meta.id)),
      ),
      ...operations?.result((method, path) => unexercisedReason(target, options.allowWrites ?? false, method, path)),
    },
  };
}

/** The base URL's status; undefined when it kept answering 429 or 503 (the API is there: the checks say what they met). */
async function probe(client: HttpClient): Promise<number | undefined> {
  try {
    return (await client.request({ url: client.baseUrl })).response.status;
  } catch (error) {
    if (error instanceof TransportError && error.code === 'TRANSIENT') return undefined;
    const reason = error instanceof TransportError ? error.message.replace(/^GET \S+: /, '') : (error as Error).message;
    // No token means nothing can be checked: say why the token endpoint refused, not "cannot reach".
    if (error instanceof TransportError && error.code === 'TOKEN')
      throw new UsageError(`cannot obtain an access token: ${reason}`);
    throw new UsageError(`cannot reach ${client.baseUrl}: ${reason}`);
  }
}

const STATUS_ORDER: Record<CheckStatus, number> = { fail: 0, error: 1, skip: 2, pass: 3 };

function compareResults(a: CheckResult, b: CheckResult): number {
  return (
    cmp(a.id, b.id) ||
    cmp(a.resource, b.resource) ||
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    cmp(a.messageId ?? '', b.messageId ?? '') ||
    cmp(a.message, b.message)
  );
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
