// Groups lint findings for people (stylish, html): within one file, findings with the same code,
// message and state are one entry with a count and the first few locations, so 21,500 copies of
// one naming finding read as one line. json/sarif keep every finding.
import { compareCodes, type LintFinding } from '../core/types.js';
import { lintSeverityName, type LintSeverityName } from './lint-severity.js';

/** Locations listed for a group before "and N more". */
export const SHOWN_LOCATIONS = 3;

export interface FindingGroup<S extends string> {
  code: string;
  message: string;
  state: S;
  /** In document order; the first is the group's position. */
  findings: LintFinding[];
}

/** Groups (in order of their first finding) of items already sorted in document order. */
export function groupFindings<S extends string>(
  items: ReadonlyArray<{ finding: LintFinding; state: S }>,
): Array<FindingGroup<S>> {
  const groups = new Map<string, FindingGroup<S>>();
  for (const { finding, state } of items) {
    const key = `${finding.code}\u0000${state}\u0000${finding.message}`;
    const group = groups.get(key);
    if (group) group.findings.push(finding);
    else groups.set(key, { code: finding.code, message: finding.message, state, findings: [finding] });
  }
  return [...groups.values()];
}

interface RuleCount {
  code: string;
  severity: LintSeverityName;
  count: number;
}

/** Findings per rule, most frequent first (ties by code): the table at the end of a run. */
export function countByRule(findings: readonly LintFinding[]): RuleCount[] {
  const rows = new Map<string, RuleCount>();
  for (const finding of findings) {
    const row = rows.get(finding.code) ?? {
      code: finding.code,
      severity: lintSeverityName(finding.severity),
      count: 0,
    };
    row.count++;
    rows.set(finding.code, row);
  }
  return [...rows.values()].sort((a, b) => b.count - a.count || compareCodes(a.code, b.code));
}
