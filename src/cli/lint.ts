// `restguide lint <documents...>`: lint, apply the baseline, write the reports, map to an exit code.
import { wantsColor, type Io } from './io.js';
import { UsageError } from '../core/errors.js';
import type { LintReport } from '../core/types.js';
import { planOutputs, reportTargets, writeReports } from './output.js';
import { progressLine } from './progress-line.js';

const FAIL_LEVELS = { error: 0, warning: 1, info: 2 } as const;
type FailOn = keyof typeof FAIL_LEVELS;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;

/** Exit 1 when a counted finding (not ignored, not a known baseline one) is at or above `failOn`. */
export function lintExitCode(report: LintReport, failOn: FailOn): number {
  const threshold = FAIL_LEVELS[failOn];
  return report.findings.some((f) => f.baseline === undefined && f.severity <= threshold) ? 1 : 0;
}

export async function runLint(documents: string[], options: Record<string, unknown>, io: Io): Promise<number> {
  const failOn = String(options.failOn ?? 'warning');
  if (!(failOn in FAIL_LEVELS)) throw new UsageError(`--fail-on must be error, warning or info, not "${failOn}"`);
  if (documents.length === 0) throw new UsageError('lint: give at least one OpenAPI document (file or URL), or set lint.documents in restguide.config.yaml');

  planOutputs(reportTargets(options), 'stylish'); // a bad -f/-o is refused before any work
  const { lintDocuments, maxBytesFromEnv } = await import('../lint/index.js');
  const progress = progressLine(io, options.quiet === true);
  let report: LintReport;
  try {
    report = await lintDocuments(documents, {
      ruleset: typeof options.ruleset === 'string' ? options.ruleset : undefined,
      cwd: io.cwd,
      limits: { maxBytes: maxBytesFromEnv(io.env) },
      exclude: strings(options.exclude),
      onProgress: progress.sink,
    });
  } finally {
    progress.end();
  }

  const baseline = typeof options.baseline === 'string' ? options.baseline : undefined;
  const writeBaseline = typeof options.writeBaseline === 'string' ? options.writeBaseline : undefined;
  let wrote: string | undefined;
  if (baseline || writeBaseline) {
    const { readBaseline, applyLintBaseline, writeLintBaseline, lintBaselineRoot } = await import('../core/baseline.js');
    const { resolve } = await import('node:path');
    if (baseline) {
      const file = resolve(io.cwd, baseline);
      report = applyLintBaseline(report, await readBaseline(file), { cwd: lintBaselineRoot(file) });
    }
    if (writeBaseline) {
      const file = resolve(io.cwd, writeBaseline);
      const written = await writeLintBaseline(file, report, { cwd: lintBaselineRoot(file) });
      const entries = written.entries.length;
      wrote = `restguide: wrote baseline ${writeBaseline}: ${entries} ${entries === 1 ? 'entry' : 'entries'} (one per finding); runs with --baseline ${writeBaseline} now fail only on new ones\n`;
    }
  }

  const { renderLintReport } = await import('../reporters/index.js');
  const { lintRuleInfos } = await import('../lint/rule-infos.js');
  const color = wantsColor(io);
  const rules = lintRuleInfos();
  // Recording a baseline is the point of the run, not a gate: it succeeds once the file is written.
  const exitCode = wrote ? 0 : lintExitCode(report, failOn as FailOn);
  // The HTML page shows each finding's line: read the linted files only when it is asked for.
  const wantsHtml = planOutputs(reportTargets(options), 'stylish').some((item) => item.format === 'html');
  const sourceLines = wantsHtml ? await (await import('../lint/source-lines.js')).readSourceLines(report) : undefined;
  const written = await writeReports(
    reportTargets(options),
    (format, to) => renderLintReport(format, report, { color: color && to.kind === 'stdout', rules, cwd: io.cwd, failOn: failOn as FailOn, exitCode, ...(sourceLines ? { sourceLines } : {}) }),
    io,
  );
  // Every report went to a file: the terminal still gets the outcome, as check does.
  if (!written.toStdout) io.stderr(`restguide: ${(await import('../reporters/lint-severity.js')).lintSummaryLine(report, failOn as FailOn)}\n`);
  if (wrote) io.stderr(wrote);
  return exitCode;
}
