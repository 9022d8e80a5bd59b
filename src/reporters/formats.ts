// The report formats, apart from the reporters, so that the CLI names them without loading any.
export const REPORT_FORMATS = ['stylish', 'json', 'junit', 'sarif', 'github', 'html', 'gitlab', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

// What each command offers: Markdown is a diff's pull-request comment and a check's step summary, not a lint report.
export const LINT_FORMATS = [
  'stylish',
  'json',
  'junit',
  'sarif',
  'github',
  'html',
  'gitlab',
] as const satisfies readonly ReportFormat[];
export const CHECK_FORMATS = [...LINT_FORMATS, 'markdown'] as const satisfies readonly ReportFormat[];
export const DIFF_FORMATS = [...LINT_FORMATS, 'markdown'] as const satisfies readonly ReportFormat[];
