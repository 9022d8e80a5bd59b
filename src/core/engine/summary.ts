// The summary counts checks (one check on one resource is one run), not results: a check with
// 30 findings fails once. Findings are counted apart, in `findings`.
import type { CheckResult, CheckSummary } from '../report/types.js';

const runKey = (r: CheckResult): string => `${r.id}\u0000${r.resource}`;

/**
 * passed/failed/skipped/errored count runs: a run fails when it has a finding not in the
 * baseline, else errors when it has an error not in the baseline; a run whose failures and
 * errors are all known counts in `known` only. Synthetic `fixed` results count in `fixed` only.
 */
export function summarize(results: readonly CheckResult[], requests: number, withBaseline = false): CheckSummary {
  const runs = new Map<string, CheckResult[]>();
  for (const result of results) {
    if (result.baseline === 'fixed') continue;
    const key = runKey(result);
    const list = runs.get(key);
    if (list) list.push(result);
    else runs.set(key, [result]);
  }
  const summary: CheckSummary = { passed: 0, failed: 0, skipped: 0, errored: 0, requests, findings: 0 };
  for (const list of runs.values()) {
    const fresh = list.filter((r) => r.baseline !== 'known');
    if (fresh.some((r) => r.status === 'fail')) summary.failed++;
    else if (fresh.some((r) => r.status === 'error')) summary.errored++;
    else if (list.some((r) => r.status === 'fail' || r.status === 'error'))
      continue; // all known
    else if (list.some((r) => r.status === 'pass')) summary.passed++;
    else summary.skipped++;
  }
  summary.findings = results.filter(
    (r) => r.status === 'fail' && r.baseline !== 'known' && r.baseline !== 'fixed',
  ).length;
  if (withBaseline) {
    summary.known = results.filter((r) => r.baseline === 'known').length;
    summary.fixed = results.filter((r) => r.baseline === 'fixed').length;
  }
  return summary;
}

/** Errored results not known to a baseline: each one fails the gate. */
export const newErrors = (results: readonly CheckResult[]): CheckResult[] =>
  results.filter((r) => r.status === 'error' && r.baseline !== 'known');

/** Why a run with errors fails the gate, in the words of the summary line; undefined without errors. */
export function erroredReason(errored: number): string | undefined {
  if (errored === 0) return undefined;
  return `${errored} check${errored === 1 ? '' : 's'} errored: a gate never passes what it could not verify`;
}
