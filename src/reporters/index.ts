// The closed map of report formats: its keys feed `--format`; check and lint share each format.
import { foldReport } from '../core/engine/fold-findings.js';
import type { CheckReport, LintReport } from '../core/report/types.js';
import type { CheckReporter, LintReporter, RenderOptions } from './render-options.js';
import { checkGithub, lintGithub } from './github.js';
import { checkHtml } from './html-check.js';
import { lintHtml } from './html.js';
import { checkJson, lintJson } from './json.js';
import { diffJson } from './diff-json.js';
import { checkJunit, diffJunit, lintJunit } from './junit.js';
import { checkGitlab, diffGitlab, lintGitlab } from './gitlab.js';
import { diffMarkdown } from './markdown.js';
import { checkMarkdown } from './markdown-check.js';
import { checkSarif, lintSarif } from './sarif.js';
import { checkStylish, lintStylish } from './stylish.js';
import { CHECK_FORMATS, DIFF_FORMATS, LINT_FORMATS, REPORT_FORMATS, type ReportFormat } from './formats.js';

export type { RenderOptions } from './render-options.js';

export { CHECK_FORMATS, DIFF_FORMATS, LINT_FORMATS, REPORT_FORMATS, type ReportFormat };

type LintFormat = (typeof LINT_FORMATS)[number];
type CheckFormat = (typeof CHECK_FORMATS)[number];

const REPORTERS: { readonly [F in LintFormat]: { check: CheckReporter; lint: LintReporter } } = {
  stylish: { check: checkStylish, lint: lintStylish },
  json: { check: checkJson, lint: lintJson },
  junit: { check: checkJunit, lint: lintJunit },
  sarif: { check: checkSarif, lint: lintSarif },
  github: { check: checkGithub, lint: lintGithub },
  html: { check: checkHtml, lint: lintHtml },
  gitlab: { check: checkGitlab, lint: lintGitlab },
};

// Formats only check has besides lint's.
const CHECK_ONLY: { readonly [F in Exclude<CheckFormat, LintFormat>]: CheckReporter } = { markdown: checkMarkdown };

// Where a diff differs from lint: its own JSON, title, fingerprints, and the pull-request comment.
const DIFF_REPORTERS: Partial<Record<ReportFormat, (report: LintReport, options: RenderOptions) => string>> = {
  json: diffJson,
  junit: diffJunit,
  gitlab: diffGitlab,
  markdown: diffMarkdown,
};

const offered = (formats: readonly string[], format: string, command: string): void => {
  if (!formats.includes(format)) throw new Error(`${command} has no ${format} report`);
};

export const isReportFormat = (value: string): value is ReportFormat =>
  (REPORT_FORMATS as readonly string[]).includes(value);

export function renderCheckReport(format: ReportFormat, report: CheckReport, options: RenderOptions): string {
  offered(CHECK_FORMATS, format, 'check');
  // One fault of a check on many resources is one result in every format (the baseline keys each resource).
  const reporter =
    format in CHECK_ONLY ? CHECK_ONLY[format as keyof typeof CHECK_ONLY] : REPORTERS[format as LintFormat].check;
  return reporter(foldReport(report), options);
}

export function renderLintReport(format: ReportFormat, report: LintReport, options: RenderOptions): string {
  offered(LINT_FORMATS, format, 'lint');
  return REPORTERS[format as LintFormat].lint(report, options);
}

/** A diff report is a lint report with old/new locations: some formats have a diff shape, the others render it as lint. */
export function renderDiffReport(format: ReportFormat, report: LintReport, options: RenderOptions): string {
  offered(DIFF_FORMATS, format, 'diff');
  return (DIFF_REPORTERS[format] ?? REPORTERS[format as LintFormat].lint)(report, { ...options, changes: true });
}
