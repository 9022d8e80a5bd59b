// The exit code of `check`: 0 clean, 1 findings or errors a gate cannot pass, 2 nothing (or almost nothing) verified.
import { almostNothingVerified } from '../core/engine/coverage.js';
import { redactUrl } from '../core/report/redact.js';
import { newErrors } from '../core/engine/summary.js';
import type { CheckReport, CheckResult, CleanupRecord } from '../core/report/types.js';
import { isUnproven, leftRecords } from '../reporters/run-notes.js';
import type { CheckOptions } from './options.js';

/**
 * 2 when every check that ran errored (nothing could run); 1 when a failure at or above `failOn`
 * or any error is not known to the baseline (a gate never passes what it could not verify), or a
 * cleanup may have left a record in the API; else 0.
 */
export function checkExitCode(report: CheckReport, failOn: CheckOptions['failOn']): number {
  const results = report.results.filter((r) => r.baseline !== 'fixed');
  const ran = results.filter((r) => r.status !== 'skip');
  if (ran.length > 0 && ran.every((r) => r.status === 'error')) return 2;
  if (newErrors(results).length > 0 || leftRecords(report).length > 0) return 1;
  const counts = (r: CheckResult) => r.severity === 'error' || (failOn === 'warning' && r.severity === 'warning');
  if (results.some((r) => r.status === 'fail' && r.baseline !== 'known' && counts(r))) return 1;
  // A run that found nothing wrong but verified almost nothing is no pass (unless a baseline accepted what it could not verify).
  return almostNothingVerified(report.coverage) === undefined || (report.summary.known ?? 0) > 0 ? 0 : 2;
}

/** One line on what the run may have left in the API, with each URL so it can be removed by hand. */
export function leftBehindLine(left: readonly CleanupRecord[]): string {
  const each = left.map((c) => `${c.method} ${redactUrl(c.url)} (${c.reason ?? 'not cleaned'})`).join('; ');
  if (!left.some(isUnproven))
    return `restguide: ${left.length} cleanup${left.length === 1 ? '' : 's'} failed, so ${left.length === 1 ? 'a record' : 'records'} may be left in the API: ${each}`;
  return `restguide: ${left.length === 1 ? 'a record' : `${left.length} records`} may be left in the API: ${each}`;
}
