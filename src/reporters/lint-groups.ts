// Groups lint findings for people (stylish, html, github): within one file, findings of one cause
// (code, message with its named values masked) and state are one entry with a count and the first
// few locations, so 60 PascalCase operationIds read as one line. json/sarif/gitlab keep every finding.
import { compareCodes, type LintFinding } from '../core/report/types.js';
import { causeHint, causeKey, hasHints } from './lint-causes.js';
import { lintSeverityName, type LintSeverityName } from './lint-severity.js';

/** Locations listed for a group before "and N more". */
export const SHOWN_LOCATIONS = 3;

export interface FindingGroup<S extends string> {
  code: string;
  /** The first finding's message: the example of its cause. */
  message: string;
  state: S;
  /** In document order; the first is the group's position. */
  findings: LintFinding[];
}

/**
 * Groups (in order of their first finding) of items already sorted in document order: by cause, or,
 * for a diff (each change its own), by identical message.
 */
export function groupFindings<S extends string>(
  items: ReadonlyArray<{ finding: LintFinding; state: S }>,
  by: 'cause' | 'message' = 'cause',
): Array<FindingGroup<S>> {
  const groups = new Map<string, FindingGroup<S>>();
  for (const { finding, state } of items) {
    const key = `${finding.source}\u0000${state}\u0000${by === 'cause' ? causeKey(finding) : `${finding.code}\u0000${finding.message}`}`;
    const group = groups.get(key);
    if (group) group.findings.push(finding);
    else groups.set(key, { code: finding.code, message: finding.message, state, findings: [finding] });
  }
  return [...groups.values()];
}

/** The generator setting that usually causes the group's findings, when one is known. */
export function groupHint(group: FindingGroup<string>): string | undefined {
  if (!hasHints(group.code)) return undefined;
  for (const finding of group.findings) {
    const hint = causeHint(finding);
    if (hint) return hint;
  }
  return undefined;
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
