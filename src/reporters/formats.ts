// The report formats, apart from the reporters, so that the CLI names them without loading any.
export const REPORT_FORMATS = ['stylish', 'json', 'junit', 'sarif', 'github', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
