// The JSON report of `restguide diff`: both documents, the summary, and every finding with its
// code, severity, whether it breaks clients, message and both locations (file, 1-based line, path).
import type { LintFinding, LintReport } from '../core/report/types.js';
import type { DiffFinding, DiffLocation, DiffReport } from '../diff/types.js';
import { displaySource, lintSeverityName } from './lint-severity.js';
import type { RenderOptions } from './render-options.js';

const location = (at: DiffLocation | undefined, cwd?: string) =>
  at && { source: displaySource(at.source, cwd), line: at.range.start.line + 1, path: at.path };

const entry = (finding: LintFinding, cwd?: string) => {
  const f = finding as Partial<DiffFinding> & LintFinding;
  return {
    code: f.code,
    severity: lintSeverityName(f.severity),
    breaking: f.breaking,
    message: f.message,
    old: location(f.old, cwd),
    new: location(f.new, cwd),
    ...(f.ignoredReason !== undefined ? { ignoredReason: f.ignoredReason } : {}),
    ...(f.baseline !== undefined ? { baseline: f.baseline } : {}),
  };
};

export const diffJson = (report: LintReport, options: RenderOptions): string => {
  const r = report as DiffReport;
  const side = (s: DiffReport['old']) => ({ ...s, source: displaySource(s.source, options.cwd) });
  return `${JSON.stringify(
    {
      tool: r.tool,
      version: r.version,
      kind: 'diff',
      old: side(r.old),
      new: side(r.new),
      majorChanged: r.majorChanged,
      startedAt: r.startedAt,
      durationMs: r.durationMs,
      summary: r.summary,
      findings: r.findings.map((f) => entry(f, options.cwd)),
      ignored: r.ignored.map((f) => entry(f, options.cwd)),
      ...(r.fixed ? { fixed: r.fixed.map((f) => entry(f, options.cwd)) } : {}),
    },
    null,
    2,
  )}\n`;
};
