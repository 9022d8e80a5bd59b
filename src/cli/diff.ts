// `restguide diff <old> <new>`: compare, apply the baseline, write the reports, map to an exit code.
import { wantsColor, type Io } from './io.js';
import { parseFailOn } from '../core/fail-on.js';
import type { LintFinding, LintReport } from '../core/types.js';
import { lintExitCode } from './lint.js';
import { planOutputs, reportTargets, writeReports } from './output.js';
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
  let report: LintReport = await diffDocuments(oldDocument, newDocument, {
    cwd: io.cwd,
    limits: { maxBytes: maxBytesFromEnv(io.env) },
  });

  const baseline = typeof options.baseline === 'string' ? options.baseline : undefined;
  const writeBaseline = typeof options.writeBaseline === 'string' ? options.writeBaseline : undefined;
  let wrote: string | undefined;
  if (baseline || writeBaseline) {
    // Diff codes never collide with lint codes, so a lint baseline (code, source, path) keys them.
    const { readBaseline, applyLintBaseline, writeLintBaseline } = await import('../core/baseline.js');
    const { resolve } = await import('node:path');
    if (baseline) report = applyLintBaseline(report, await readBaseline(resolve(io.cwd, baseline)), { cwd: io.cwd });
    if (writeBaseline) {
      const entries = (await writeLintBaseline(resolve(io.cwd, writeBaseline), report, { cwd: io.cwd })).entries.length;
      wrote = `restguide: wrote baseline ${writeBaseline}: ${entries} ${entries === 1 ? 'entry' : 'entries'} (one per finding); runs with --baseline ${writeBaseline} now fail only on new ones\n`;
    }
  }

  const { renderDiffReport } = await import('../reporters/index.js');
  const { diffRuleInfos } = await import('../diff/kinds.js');
  const color = wantsColor(io);
  // The lint reporters look rules up as lint rules; diff rows carry the same fields.
  const rules = diffRuleInfos().map((rule) => ({ ...rule, kind: 'lint' as const }));
  const shown = options.verbose ? report : breakingOnly(report);
  // Recording a baseline is the point of the run, not a gate: it succeeds once the file is written.
  const exitCode = wrote ? 0 : lintExitCode(report, failOn);
  // JSON, the pull-request comment (which folds them) and JUnit (whose failures are what fails the
  // gate, also at --fail-on info) keep the compatible changes whatever --verbose says.
  const whole = new Set(['json', 'markdown', 'junit']);
  const written = await writeReports(
    reportTargets(options),
    (format, to) =>
      renderDiffReport(format, whole.has(format) ? report : shown, {
        color: color && to.kind === 'stdout',
        rules,
        cwd: io.cwd,
        failOn,
        exitCode,
        showDocumentationUrl: options.showDocumentationUrl === true,
      }),
    io,
    'stylish',
    DIFF_FORMATS,
  );
  // Every report went to a file: the terminal still gets the outcome, as check does.
  if (!written.toStdout)
    io.stderr(`restguide: ${(await import('../reporters/lint-severity.js')).lintSummaryLine(shown, failOn, true)}\n`);
  if (wrote) io.stderr(wrote);
  return exitCode;
}
