// PLACEHOLDER owned by the reporters helper: the closed map of formats for check and lint.
import type { CheckReport, LintReport } from '../core/types.js';

export const REPORT_FORMATS = ['stylish', 'json', 'junit', 'sarif', 'github', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface RenderOptions {
  /** Colours in stylish output (a TTY, no NO_COLOR). */
  color: boolean;
}

export function renderCheckReport(format: ReportFormat, report: CheckReport, _options: RenderOptions): string {
  if (format !== 'json') throw new Error(`format ${format} not implemented yet`);
  return `${JSON.stringify(report, null, 2)}\n`;
}

export function renderLintReport(format: ReportFormat, report: LintReport, _options: RenderOptions): string {
  if (format !== 'json') throw new Error(`format ${format} not implemented yet`);
  return `${JSON.stringify(report, null, 2)}\n`;
}
