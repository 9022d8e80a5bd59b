// The report formats, apart from the reporters, so that the CLI names them without loading any.
export const REPORT_FORMATS = ['stylish', 'json', 'junit', 'sarif', 'github', 'html', 'gitlab', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

// What each command offers: a pull-request comment only makes sense for a diff.
export const CHECK_FORMATS = [
  'stylish',
  'json',
  'junit',
  'sarif',
  'github',
  'html',
  'gitlab',
] as const satisfies readonly ReportFormat[];
export const LINT_FORMATS = CHECK_FORMATS;
export const DIFF_FORMATS = [...CHECK_FORMATS, 'markdown'] as const satisfies readonly ReportFormat[];
