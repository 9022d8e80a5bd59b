// `restguide diff <old> <new>`: compare, apply the baseline, write the reports, map to an exit code.
import type { Io } from './io.js';
import { parseFailOn } from '../core/report/fail-on.js';
import type { LintFinding, LintReport } from '../core/report/types.js';
import { findingGateSteps } from './lint.js';
import { planOutputs, reportTargets, writeCommandReports } from './output.js';
import { DIFF_FORMATS } from '../reporters/formats.js';

/** Without --verbose, people see what breaks, and any warning (it fails the default gate); compatible changes stay in the JSON report. */
function breakingOnly(report: LintReport): LintReport {
  const keep = (f: LintFinding) => (f as { breaking?: boolean }).breaking !== false || f.severity <= 1;
  const findings = report.findings.filter(keep);
  const count = (severity: number) => findings.filter((f) => f.severity === severity && f.baseline !== 'known').length;
  return {
    ...report,
    findings,
    ignored: report.ignored.filter(keep),
    summary: { ...report.summary, errors: count(0), warnings: count(1), infos: count(2), hints: count(3) },
  };
}

export async function runDiff(
  oldDocument: string,
  newDocument: string,
  options: Record<string, unknown>,
  io: Io,
): Promise<number> {
  const failOn = parseFailOn(options.failOn, ['error', 'warning', 'info']);

  planOutputs(reportTargets(options), 'stylish', DIFF_FORMATS); // a bad -f/-o is refused before any work
  const { diffDocuments } = await import('../diff/index.js');
  const { maxBytesFromEnv } = await import('../lint/index.js');
  const report: LintReport = await diffDocuments(oldDocument, newDocument, {
    cwd: io.cwd,
    limits: { maxBytes: maxBytesFromEnv(io.env) },
  });

  const { renderDiffReport } = await import('../reporters/index.js');
  const { diffRuleInfos } = await import('../diff/kinds.js');
  const { gate } = await import('../core/report/gate.js');
  // The lint reporters look rules up as lint rules; diff rows carry the same fields.
  const rules = diffRuleInfos().map((rule) => ({ ...rule, kind: 'lint' as const }));
  const shownOf = (ran: LintReport) => (options.verbose ? ran : breakingOnly(ran));
  // JSON, the pull-request comment (which folds them) and JUnit (whose failures are what fails the
  // gate, also at --fail-on info) keep the compatible changes whatever --verbose says.
  const whole = new Set(['json', 'markdown', 'junit']);
  const { exitCode } = await gate(
    report,
    {
      // Diff codes never collide with lint codes, so a lint baseline (code, source, path) keys them.
      ...findingGateSteps(options, failOn, () => io.cwd),
      publish(ran, exitCode) {
        const shown = shownOf(ran);
        const shared = { rules, failOn, exitCode, showDocumentationUrl: options.showDocumentationUrl === true };
        return writeCommandReports(options, io, DIFF_FORMATS, shared, (format, told) =>
          renderDiffReport(format, whole.has(format) ? ran : shown, told),
        );
      },
      summaryLine: async (ran) =>
        (await import('../reporters/lint-severity.js')).lintSummaryLine(shownOf(ran), failOn, true),
    },
    io,
  );
  return exitCode;
}
