// The report of `restguide diff`: a lint report (so every lint reporter renders it) whose findings
// also carry their old and new location and whether they break clients of the old version.
import type { LintFinding, LintRange, LintReport } from '../core/report/types.js';

export interface DiffLocation {
  source: string;
  path: Array<string | number>;
  range: LintRange;
}

export interface DiffFinding extends LintFinding {
  /** A client written for the old version breaks (reported as info when the major version changed). */
  breaking: boolean;
  old: DiffLocation;
  /** Also `source`/`path`/`range`: the new document is the one reviewed, baselined and x-ignore-ruled. */
  new: DiffLocation;
}

export interface DiffReport extends LintReport {
  kind: 'diff';
  old: { source: string; version?: string };
  new: { source: string; version?: string };
  /** The major version differs: breaking changes are expected, reported as info. */
  majorChanged: boolean;
  findings: DiffFinding[];
  ignored: DiffFinding[];
}
