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
 * The results of every check on every resource it applies to, for one batch. With `batch`, the checks that judge the
 * traffic read each distinct exchange of it, the others every one (src/traffic/judge.ts says why).
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
  const run: Run<ReplayClient> = {
    target,
    redactor,
    roots,
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
    const jobResults = batch
      ? await batch.showing(judgesTraffic(job.check), () => runJob(run, job))
      : await runJob(run, job);
    roots.settle(job.check, job.resource.path, jobResults);
    results.push(...jobResults);
  }
  return roots.dropLater(results);
}
