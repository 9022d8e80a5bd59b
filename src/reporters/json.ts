import type { CheckReport, CheckResult } from '../core/report/types.js';
import type { CheckReporter, LintReporter } from './render-options.js';
import { countedFindings } from './lint-severity.js';
import { causeId } from './lint-causes.js';

// Contract fields first, in the order DESIGN.md shows them; optional fields follow as present.
const orderedResult = ({ id, rule, severity, status, resource, message, evidence, ...optional }: CheckResult) => ({
  id,
  rule,
  severity,
  status,
  resource,
  message,
  evidence,
  ...optional,
});

/** The DESIGN.md check contract: `{ tool, version, target, startedAt, durationMs, summary, results }`, then the cleanups. */
export const checkJson: CheckReporter = (report: CheckReport) => {
  const { tool, version, target, startedAt, durationMs, summary, results, cleanups, coverage, source } = report;
  const extras = { cleanups: cleanups ?? [], ...(coverage ? { coverage } : {}), ...(source ? { source } : {}) };
  return `${JSON.stringify({ tool, version, target, startedAt, durationMs, summary, results: results.map(orderedResult), ...extras }, null, 2)}\n`;
};

/**
 * Spectral's own JSON output: a bare array of `{ code, path, message, severity, range, source }`,
 * so tools that read `spectral lint -f json` read this unchanged. Like Spectral, it lists only
 * findings that count: ignored (`x-ignore-rules`) and known (baseline) findings are left out.
 * Each finding also carries `cause`, the id its cause has in every report (src/reporters/lint-causes.ts).
 */
export const lintJson: LintReporter = (report, options) => {
  // Extra keys Spectral readers skip: `cause`, and `related` (where a finding a $ref brings in arises) when set.
  const findings = countedFindings(report).map((finding) => {
    const { code, path, message, severity, range, source, related } = finding;
    return {
      code,
      path,
      message,
      severity,
      range,
      source,
      cause: causeId(finding, options.cwd),
      ...(related ? { related } : {}),
    };
  });
  return `${JSON.stringify(findings, null, '\t')}\n`;
};
