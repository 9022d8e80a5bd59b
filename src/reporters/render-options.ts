import type { CheckReport, LintReport, RuleInfo } from '../core/report/types.js';

export interface RenderOptions {
  /** Colours in stylish output (a TTY, no NO_COLOR). */
  color: boolean;
  /** Rule descriptions and guide links (from `restguide rules`), used by SARIF and HTML when given. */
  rules?: readonly RuleInfo[];
  /** Folder that lint sources are shown relative to; absent, sources are shown as reported. */
  cwd?: string;
  /** The run's --fail-on, so a report can say why it fails (absent: not said). */
  failOn?: 'error' | 'warning' | 'info';
  /** The run's exit code, so the HTML banner says it (absent: judged from the failures). */
  exitCode?: number;
  /** Stylish `check`: only failures, errors and the summary (`--quiet`). */
  quiet?: boolean;
  /** `check`: the OpenAPI document of the run (--openapi), where GitLab Code Quality locates findings. */
  document?: string;
  /** The line each path of that document is declared on, so a finding points at its resource's line. */
  documentLines?: ReadonlyMap<string, number>;
  /** Stylish: the guide link of each finding's rule (`--show-documentation-url`, Spectral's flag). */
  showDocumentationUrl?: boolean;
  /**
   * A diff's findings are changes, each its own: grouped for people only when identical, and without
   * cause ids or cause counts (set by renderDiffReport).
   */
  changes?: boolean;
  /** Lines of the linted files, so the HTML report can show the line of each finding. */
  sourceLines?: ReadonlyMap<string, readonly string[]>;
}

/** A reporter is pure: the same report and options give the same text, and nothing is written. */
export type CheckReporter = (report: CheckReport, options: RenderOptions) => string;
export type LintReporter = (report: LintReport, options: RenderOptions) => string;
