// One batch of recorded exchanges judged as a run would judge those answers: the traffic checks on all of it, and
// the checks that send reads of their own on each resource, answered from the recording (a request it does not
// hold leaves the check "needs active probing"); roots before the checks that depend on them, as in a run.
import { OutsideApiLink, RunContext, SkipSignal } from '../core/engine/check-context.js';
import type { AnyCheck } from '../core/engine/define-check.js';
import { notVerifiedSee, RootOutcomes } from '../core/engine/dependencies.js';
import { toEvidence } from '../core/engine/exchange.js';
import { foldSameFaults } from '../core/engine/fold-findings.js';
import type { Redactor } from '../core/report/secrets.js';
import type { Target } from '../core/profile/target.js';
import type { CheckResult, CheckStatus } from '../core/report/types.js';
import { NotRecorded } from '../checks/support/traffic.js';
import { jobsOf } from '../core/engine/runner.js';
import { NEEDS_PROBING, type ReplayClient } from './replay.js';

/**
 * The checks besides the traffic checks that judge a recording: they send only reads, and judge the recorded
 * answers to them (or, where a recording holds other requests than a run, the recorded answers of the same kind:
 * docs/traffic.md#what-is-judged-and-what-is-not).
 */
export const RECORDED_CHECKS: ReadonlySet<string> = new Set([
  'collection.empty-result',
  'collection.is-object',
  'collection.item-href',
  'collection.item-key',
  'collection.items-array',
  'collection.repeated-param',
  'collection.self-link',
  'http.caching',
  'http.last-modified-with-etag',
  'http.status-matrix',
  'i18n.accept-language-be',
  'i18n.content-language',
  'i18n.lang-filter',
  'i18n.localized-text',
  'i18n.q-values',
  'i18n.unsupported-language-default',
  'paging.cursor',
  'paging.default-page-size',
  'paging.full-walk',
  'paging.guide-params',
  'paging.invalid-params',
  'paging.links-consistent',
  'paging.next-link',
  'paging.page-one-based',
  'paging.page-size-honoured',
]);

/** Whether a check judges recorded traffic (the others need active probing). */
export const judgesRecordings = (check: AnyCheck): boolean =>
  check.judgesTraffic === true || (!check.meta.writes && RECORDED_CHECKS.has(check.meta.id));

/** The results of every check on every resource it applies to, for one batch. */
export async function judgeBatch(
  checks: readonly AnyCheck[],
  target: Target,
  client: ReplayClient,
  redactor: Redactor,
): Promise<CheckResult[]> {
  const { jobs, notApplicable: results } = jobsOf(checks, target);
  const roots = new RootOutcomes(checks, jobs);
  for (const job of roots.order(jobs)) {
    const jobResults = await judgeJob(job.check, job.resource, target, client, redactor, roots);
    roots.settle(job.check, job.resource.path, jobResults);
    results.push(...jobResults);
  }
  return roots.dropLater(results);
}

/** One check on one resource, as the runner's runJob judges it, on the recording's answers. */
async function judgeJob(
  check: AnyCheck,
  resource: { path: string },
  target: Target,
  batch: ReplayClient,
  redactor: Redactor,
  roots: RootOutcomes,
): Promise<CheckResult[]> {
  const { meta } = check;
  const base = { id: meta.id, rule: meta.rule, severity: meta.severity, resource: resource.path };
  const one = (status: CheckStatus, message: string): CheckResult => ({ ...base, status, message, evidence: [] });
  const rootCause = await roots.wholeCause(check, resource.path);
  if (rootCause) return [one('skip', notVerifiedSee(rootCause))];
  const client = check.judgesTraffic ? batch : batch.strictView();
  const ctx = new RunContext(client, target, meta.messages, new AbortController().signal);
  let skipped: string | undefined;
  let failure: unknown;
  let missed: NotRecorded | undefined;
  try {
    await check.run(ctx, resource as never);
  } catch (error) {
    if (error instanceof SkipSignal) skipped = error.message;
    else if (error instanceof OutsideApiLink) {
      // A link out of the API, as in a run: the page that named it breaks the check's rule (the traffic checks
      // judge links themselves).
      if (!check.judgesTraffic)
        ctx.engineFinding('outsideApi', { url: error.refused.url, base: error.refused.base }, error.source);
    } else if (error instanceof NotRecorded) missed = error;
    else failure = error;
  }
  // A request the recording does not hold (this check's, or a read another check shares with it) ends the check:
  // what it found before stands, else it has no verdict, even where it caught the error.
  const miss = client.misses[0] ?? missed;
  if (miss && ctx.findings.length === 0) return [one('skip', `${NEEDS_PROBING} (${miss.message})`)];
  const scrub = (text: string): string => redactor.text(text);
  const causes = ctx.findings.length === 0 ? new Map() : await roots.findingCauses(check, resource.path, ctx.findings);
  const findings = ctx.findings.filter((f) => !causes.has(f));
  const seeRoots = [...new Set([...causes.values()].map((cause) => cause.root))];
  if (seeRoots.length > 0 && findings.length === 0 && ctx.assertions <= ctx.failures)
    skipped ??= notVerifiedSee([...causes.values()][0]!);
  roots.rememberLater(check, resource.path, findings, {
    passedOtherwise: ctx.assertions > ctx.failures,
    pass: (note) => one('pass', `${meta.title} (${note})`),
    skip: (message) => one('skip', message),
  });
  const failed: CheckResult[] = findings.map((f) => ({
    ...base,
    status: 'fail',
    message: f.message,
    messageId: f.messageId,
    evidence: f.evidence.map((e) => toEvidence(e, scrub)),
  }));
  // One fault on several URLs is one result, as in a run (the traffic checks fold theirs by cause themselves).
  const results = check.judgesTraffic ? failed : foldSameFaults(failed);
  if (failure !== undefined)
    results.push(one('error', `the check crashed: ${failure instanceof Error ? failure.message : String(failure)}`));
  else if (results.length === 0) {
    if (skipped !== undefined) results.push(one('skip', skipped));
    else if (ctx.assertions === 0) results.push(one('skip', 'nothing in the recorded traffic for this check to judge'));
    else results.push(one('pass', meta.title));
  }
  return results;
}
