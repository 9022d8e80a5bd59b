// One batch of recorded exchanges judged as a run would judge those answers, through the runner's own runJob: the
// checks whose evidence is the traffic on all of it, those whose evidence is reads of their own on each resource,
// answered from the recording (a request it does not hold leaves the check "needs active probing"); roots before
// the checks that depend on them, as in a run.
import { judgesTraffic, type AnyCheck } from '../core/engine/define-check.js';
import { RootOutcomes } from '../core/engine/dependencies.js';
import { jobsOf, runJob, type Run } from '../core/engine/run-job.js';
import type { Redactor } from '../core/report/secrets.js';
import type { Target } from '../core/profile/target.js';
import type { CheckResult } from '../core/report/types.js';
import { NotRecorded } from '../checks/support/traffic.js';
import { NEEDS_PROBING, type BatchTraffic, type ReplayClient } from './replay.js';

/**
 * The results of every check on every resource it applies to, for one batch. With `batch`, the checks read each
 * distinct exchange of it; one that read the batch itself and found a fault runs again on every exchange, as its
 * tallies and evidence may count repeats (src/traffic/judge.ts).
 */
export async function judgeBatch(
  checks: readonly AnyCheck[],
  target: Target,
  client: ReplayClient,
  redactor: Redactor,
  batch?: BatchTraffic,
): Promise<CheckResult[]> {
  const { jobs, notApplicable: results } = jobsOf(checks, target);
  const roots = new RootOutcomes(checks, jobs);
  // A run's findings that may follow from a root are remembered once the run is kept: a run done again is not.
  const later: Array<Parameters<RootOutcomes['rememberLater']>> = [];
  const deferred = Object.create(roots, {
    rememberLater: { value: (...args: Parameters<RootOutcomes['rememberLater']>) => later.push(args) },
  }) as RootOutcomes;
  const run: Run<ReplayClient> = {
    target,
    redactor,
    roots: deferred,
    signal: new AbortController().signal,
    deadlineAt: Number.POSITIVE_INFINITY,
    // The batch is all the traffic there is: the checks that judge it need wait for none.
    settled: Promise.resolve(),
    // A check that judges the traffic reads it all; one that sends reads gets the recorded answer to each.
    clientFor: (check) => (judgesTraffic(check) ? client : client.strictView()),
    recorded: {
      unanswered(view, failure) {
        const miss = view.misses[0] ?? (failure instanceof NotRecorded ? failure : undefined);
        return miss === undefined ? undefined : `${NEEDS_PROBING} (${miss.message})`;
      },
    },
  };
  for (const job of roots.order(jobs)) {
    if (batch) batch.read = false;
    let jobResults = await runJob(run, job);
    // A check caches only what it read without failing, so its run again reads what it read the first time.
    if (batch?.repeats && batch.read && jobResults.some((r) => r.status === 'fail' || r.status === 'error')) {
      later.length = 0;
      jobResults = await batch.whole(() => runJob(run, job));
    }
    for (const args of later.splice(0)) roots.rememberLater(...args);
    roots.settle(job.check, job.resource.path, jobResults);
    results.push(...jobResults);
  }
  return roots.dropLater(results);
}
