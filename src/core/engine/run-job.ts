// The one way a check's run on one resource becomes its results, whatever the evidence: a run that sends requests
// (runner.ts), or traffic restguide did not send, a recording or the proxy's (src/traffic/judge-batch.ts).
import { OutsideApiLink, RunContext, SkipSignal, type ExchangeClient } from './check-context.js';
import type { AnyCheck } from './define-check.js';
import { notVerifiedSee, type RootOutcomes } from './dependencies.js';
import { requestEvidence, toEvidence, type Exchange } from './exchange.js';
import { foldSameFaults } from './fold-findings.js';
import { InterruptedError, StalledResponse, TransportError, WriteRefusedError } from '../http/http-client.js';
import { resourcesOf, type Target } from '../profile/target.js';
import type { Redactor } from '../report/secrets.js';
import type { CheckResult, CheckStatus, CleanupRecord } from '../report/types.js';

/** What every check of a run shares, whether it sends requests or judges traffic already recorded. */
export interface Run<C extends ExchangeClient = ExchangeClient> {
  /** The resolved target the checks judge. */
  readonly target: Target;
  /** Scrubs secrets from the evidence of the results. */
  readonly redactor: Redactor;
  /** The results of the roots, for "not verified, see <root>". */
  readonly roots: RootOutcomes;
  /** Aborted at the run's deadline (never, for recorded traffic). */
  readonly signal: AbortSignal;
  /** Epoch ms when `signal` aborts (Infinity when never). */
  readonly deadlineAt: number;
  /** Resolves when every check that does not judge the traffic has ended. */
  readonly settled: Promise<void>;
  /**
   * `performance.now()` when the run started: results carry their duration and their offset from it. Absent for
   * recorded traffic, whose judging time says nothing of the API.
   */
  readonly startedAt?: number;
  /** The client one check's run sends through: the run's HttpClient, or a replay of recorded traffic. */
  clientFor(check: AnyCheck): C;
  /** Each write a cleanup sent (or could not send). */
  onCleanup?(record: CleanupRecord): void;
  /** Added to an error at the deadline: how long the run waited on the API's transient answers. */
  lateNote?(): string;
  /** Traffic restguide did not send: nothing reaches the API, and what it does not hold leaves a check unjudged. */
  readonly recorded?: RecordedTraffic<C>;
}

export interface RecordedTraffic<C extends ExchangeClient = ExchangeClient> {
  /**
   * The skip of a check that asked for an answer the traffic does not hold (its client's first miss, or the
   * failure that ended it), else undefined. Such a check's findings before the miss stand; without any it is skipped.
   */
  unanswered(client: C, failure: unknown): string | undefined;
}

type Resource = ReturnType<typeof resourcesOf>[number];

/** One check on one resource. */
export interface Job {
  check: AnyCheck;
  resource: Resource;
}

/** The words of a check that ran to the end and reached no verdict on traffic already recorded: nothing to judge. */
export const NOTHING_RECORDED = 'nothing in the recorded traffic for this check to judge';

export class DeadlineReached extends Error {
  override readonly name = 'DeadlineReached';
  constructor() {
    super("the run's deadline was reached before the check ended");
  }
}

/** Each check on every resource whose requirements it meets; one not-applicable result for a check that meets none. */
export function jobsOf(checks: readonly AnyCheck[], target: Target): { jobs: Job[]; notApplicable: CheckResult[] } {
  const skipped: CheckResult[] = [];
  const jobs = checks.flatMap((check) => {
    const resources = resourcesOf(target, check.appliesTo).filter(
      (resource) => check.requires?.test(resource as never, target) ?? true,
    );
    if (resources.length === 0) skipped.push(notApplicable(check));
    return resources.map((resource) => ({ check, resource }));
  });
  return { jobs, notApplicable: skipped };
}

/** The one result of a check that no resource of the target meets the requirements of. */
function notApplicable(check: AnyCheck): CheckResult {
  const { meta } = check;
  const needs = check.requires?.what ?? check.appliesTo;
  return {
    id: meta.id,
    rule: meta.rule,
    severity: meta.severity,
    status: 'skip',
    resource: '-',
    message: `not applicable: the target has no ${needs}`,
    evidence: [],
  };
}

/** Runs one check on one resource and turns what it found, or why it found nothing, into its results. */
export async function runJob<C extends ExchangeClient>(run: Run<C>, { check, resource }: Job): Promise<CheckResult[]> {
  const { meta } = check;
  const { roots, redactor } = run;
  const base = { id: meta.id, rule: meta.rule, severity: meta.severity, resource: resource.path };
  const result = (status: CheckStatus, message: string, extra: Partial<CheckResult> = {}): CheckResult => ({
    ...base,
    status,
    message,
    evidence: [],
    ...extra,
  });
  const client = run.clientFor(check);
  if (meta.writes && !client.allowWrites) return [result('skip', 'needs --allow-writes')];
  if (run.signal.aborted)
    return [result('error', `not run: the run's deadline was reached first${run.lateNote?.() ?? ''}`)];
  const rootCause = await roots.wholeCause(check, resource.path);
  if (rootCause) return [result('skip', notVerifiedSee(rootCause))];

  const ctx = new RunContext(client, run.target, meta.messages, run.signal, run.deadlineAt, run.settled);
  const started = performance.now();
  let skipped: string | undefined;
  let skippedOn: readonly Exchange[] = [];
  let failure: unknown;
  try {
    await untilDeadline(
      Promise.resolve().then(() => check.run(ctx, resource as never)),
      run.signal,
    );
  } catch (error) {
    if (error instanceof SkipSignal) [skipped, skippedOn] = [error.message, error.evidence];
    else failure = error;
  }
  const cleanupFailures = await ctx.runCleanups();
  for (const entry of ctx.cleanupLog) run.onCleanup?.({ check: meta.id, resource: resource.path, ...entry });
  const timing =
    run.startedAt === undefined
      ? {}
      : { durationMs: Math.round(performance.now() - started), offsetMs: Math.round(started - run.startedAt) };

  if (failure instanceof OutsideApiLink) {
    // The API named a URL outside itself and the check would have followed it: that link breaks the check's rule.
    const { refused } = failure;
    ctx.engineFinding('outsideApi', { url: refused.url, base: refused.base }, failure.source);
    failure = undefined;
  }
  // A request the recorded traffic does not hold (this check's, or a read another check shares with it) ends the
  // check: what it found before stands, else it has no verdict, even where it caught the error.
  const missed = run.recorded?.unanswered(client, failure);
  if (missed !== undefined) {
    if (ctx.findings.length === 0) return [result('skip', missed, timing)];
    failure = undefined;
  }
  // The engine's Location finding adds nothing when the check itself judged that exchange.
  const scrub = (text: string): string => redactor.text(text);
  const judged = ctx.findings.filter(
    (f) =>
      f.messageId !== 'locationOutsideApi' ||
      !ctx.findings.some((other) => other !== f && other.evidence.some((e) => f.evidence.includes(e))),
  );
  // Findings a failed root already reported are its, not this check's: "see <root>".
  const causes = judged.length === 0 ? new Map() : await roots.findingCauses(check, resource.path, judged);
  const findings = judged.filter((f) => !causes.has(f));
  const seeRoots = [...new Set([...causes.values()].map((cause) => cause.root))];
  if (seeRoots.length > 0 && findings.length === 0 && ctx.assertions <= ctx.failures)
    skipped ??= notVerifiedSee([...causes.values()][0]!);
  else for (const root of seeRoots) ctx.notes.push(`not verified where ${root} failed: see ${root}`);
  // A root judging the traffic ends after every worker: the findings that may follow from it are sorted out then.
  roots.rememberLater(check, resource.path, findings, {
    passedOtherwise: ctx.assertions > ctx.failures,
    pass: (note) => result('pass', `${meta.title} (${note})`, timing),
    skip: (message) => result('skip', message, timing),
  });
  const results: CheckResult[] = foldSameFaults(
    findings.map((f) =>
      result('fail', f.message, {
        messageId: f.messageId,
        evidence: f.evidence.map((e) => toEvidence(e, scrub)),
        ...timing,
      }),
    ),
  );
  if (failure instanceof StalledResponse) {
    // The API answered and then hung: a failure of the rule the check was judging, not a check that broke.
    results.push(
      result('fail', failure.message, {
        messageId: 'stalled',
        evidence: [toEvidence(failure.exchange, scrub)],
        ...timing,
      }),
    );
    failure = undefined;
  }
  if (failure !== undefined) {
    const evidence = !(failure instanceof TransportError)
      ? []
      : failure.exchange
        ? [toEvidence(failure.exchange, scrub)]
        : [requestEvidence(failure.request, scrub)];
    const late =
      failure instanceof DeadlineReached || (failure instanceof TransportError && failure.code === 'DEADLINE');
    results.push(
      result('error', `${describe(failure)}${late ? (run.lateNote?.() ?? '') : ''}`, { evidence, ...timing }),
    );
  } else if (results.length === 0) {
    if (skipped !== undefined)
      results.push(result('skip', skipped, { evidence: skippedOn.map((e) => toEvidence(e, scrub)), ...timing }));
    // Recorded traffic may hold nothing a check judges: no fault of the check. It judges what was recorded
    // without asking for it (recordedGets), so sending no request is no fault either.
    else if (run.recorded)
      results.push(ctx.assertions === 0 ? result('skip', NOTHING_RECORDED) : result('pass', meta.title));
    // A check that never looked at the API, or never judged what it saw, has no verdict.
    else if (ctx.requests === 0)
      results.push(result('error', 'the check sent no request, so it reached no verdict', timing));
    else if (ctx.assertions === 0)
      results.push(result('error', 'the check made no assertion, so it reached no verdict', timing));
    else results.push(result('pass', meta.title, timing));
  }
  for (const message of cleanupFailures) results.push(result('error', `cleanup failed: ${message}`, timing));
  const first = results[0];
  if (first && ctx.notes.length > 0) first.message = `${first.message} (${ctx.notes.join('; ')})`;
  return results;
}

function describe(error: unknown): string {
  if (
    error instanceof TransportError ||
    error instanceof WriteRefusedError ||
    error instanceof DeadlineReached ||
    error instanceof InterruptedError
  )
    return error.message;
  if (error instanceof Error) return `the check crashed: ${error.name}: ${error.message}`;
  return `the check crashed: ${String(error)}`;
}

function untilDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const stop = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(deadline.reason instanceof DeadlineReached ? deadline.reason : new DeadlineReached());
    if (deadline.aborted) onAbort();
    else deadline.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, stop]).finally(() => deadline.removeEventListener('abort', onAbort));
}
