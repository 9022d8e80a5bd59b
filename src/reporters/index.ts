// The closed map of report formats: its keys feed `--format`; check and lint share each format.
import type { CheckReport, LintReport } from '../core/types.js';
import type { CheckReporter, LintReporter, RenderOptions } from './render-options.js';
import { checkGithub, lintGithub } from './github.js';
import { checkHtml } from './html-check.js';
import { lintHtml } from './html.js';
import { checkJson, lintJson } from './json.js';
import { diffJson } from './diff-json.js';
import { checkJunit, lintJunit } from './junit.js';
import { checkSarif, lintSarif } from './sarif.js';
import { checkStylish, lintStylish } from './stylish.js';
import { REPORT_FORMATS, type ReportFormat } from './formats.js';

export type { RenderOptions } from './render-options.js';

export { REPORT_FORMATS, type ReportFormat };

const REPORTERS: { readonly [F in ReportFormat]: { check: CheckReporter; lint: LintReporter } } = {
  stylish: { check: checkStylish, lint: lintStylish },
  json: { check: checkJson, lint: lintJson },
  junit: { check: checkJunit, lint: lintJunit },
  sarif: { check: checkSarif, lint: lintSarif },
  github: { check: checkGithub, lint: lintGithub },
  html: { check: checkHtml, lint: lintHtml },
};

export const isReportFormat = (value: string): value is ReportFormat => (REPORT_FORMATS as readonly string[]).includes(value);

export function renderCheckReport(format: ReportFormat, report: CheckReport, options: RenderOptions): string {
  return REPORTERS[format].check(report, options);
}

export function renderLintReport(format: ReportFormat, report: LintReport, options: RenderOptions): string {
  return REPORTERS[format].lint(report, options);
}

/** A diff report is a lint report with old/new locations: JSON has its own shape, other formats render it as lint. */
export function renderDiffReport(format: ReportFormat, report: LintReport, options: RenderOptions): string {
  return format === 'json' ? diffJson(report, options) : REPORTERS[format].lint(report, options);
}
