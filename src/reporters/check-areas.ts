import { CHECK_AREAS, type CheckResult } from '../core/types.js';

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

export interface StatusCounts { pass: number; fail: number; skip: number; error: number; known: number; fixed: number }

/** Counts of one group; a known (baselined) failure and a fixed entry are counted apart from pass/fail. */
export function countStatuses(results: readonly CheckResult[]): StatusCounts {
  const counts: StatusCounts = { pass: 0, fail: 0, skip: 0, error: 0, known: 0, fixed: 0 };
  for (const result of results) {
    if (result.baseline === 'known') counts.known++;
    else if (result.baseline === 'fixed') counts.fixed++;
    else counts[result.status]++;
  }
  return counts;
}
