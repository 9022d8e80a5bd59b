import { perResource } from '../core/engine/fold-findings.js';
import { summarize } from '../core/engine/summary.js';
import { CHECK_AREAS, type CheckResult, type CheckStatus } from '../core/report/types.js';

/** What a person reads for a status: "errored", so it is never taken for the severity "error" (JSON keeps `error`). */
export const statusLabel = (status: CheckStatus): string => (status === 'error' ? 'errored' : status);

/** The area of a check id: the prefix before the first dot (`paging.next-link` → `paging`). */
export const areaOf = (id: string): string => {
  const dot = id.indexOf('.');
  return dot > 0 ? id.slice(0, dot) : id;
};

// Known areas in the documented order, unknown ones after them alphabetically, so reports are stable.
const areaRank = (area: string): number => {
  const index = (CHECK_AREAS as readonly string[]).indexOf(area);
  return index === -1 ? CHECK_AREAS.length : index;
};

/** Results grouped by area, areas in a stable order, results in report order. */
export function groupByArea(results: readonly CheckResult[]): Array<[string, CheckResult[]]> {
  const groups = new Map<string, CheckResult[]>();
  for (const result of results) {
    const area = areaOf(result.id);
    const group = groups.get(area) ?? [];
    group.push(result);
    groups.set(area, group);
  }
  return [...groups].sort(([a], [b]) => areaRank(a) - areaRank(b) || a.localeCompare(b));
}

interface StatusCounts {
  pass: number;
  fail: number;
  skip: number;
  error: number;
  known: number;
  fixed: number;
}

/** Counts of one group; a known (baselined) failure and a fixed entry are counted apart from pass/fail. */
/** Per check run, as the report summary counts (a check with many findings fails once). */
export function countStatuses(results: readonly CheckResult[]): StatusCounts {
  const s = summarize(perResource(results), 0, true);
  return {
    pass: s.passed,
    fail: s.failed,
    skip: s.skipped,
    error: s.errored,
    known: s.known ?? 0,
    fixed: s.fixed ?? 0,
  };
}
