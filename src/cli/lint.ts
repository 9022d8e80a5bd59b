// `restguide lint <documents...>`: lint, apply the baseline, write the reports, map to an exit code.
import { wantsColor, type Io } from './io.js';
import { UsageError } from '../core/errors.js';
import type { LintReport } from '../core/types.js';
import { writeReports } from './output.js';

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
  if (documents.length === 0) throw new UsageError('lint: give at least one OpenAPI document (file or URL)');

  const { lintDocuments, maxBytesFromEnv } = await import('../lint/index.js');
  let report = await lintDocuments(documents, {
    ruleset: typeof options.ruleset === 'string' ? options.ruleset : undefined,
    cwd: io.cwd,
    limits: { maxBytes: maxBytesFromEnv(io.env) },
    exclude: strings(options.exclude),
  });

  const baseline = typeof options.baseline === 'string' ? options.baseline : undefined;
  const writeBaseline = typeof options.writeBaseline === 'string' ? options.writeBaseline : undefined;
  if (baseline || writeBaseline) {
    const { readBaseline, applyLintBaseline, writeLintBaseline } = await import('../core/baseline.js');
    const { resolve } = await import('node:path');
    if (baseline) report = applyLintBaseline(report, await readBaseline(resolve(io.cwd, baseline)), { cwd: io.cwd });
    if (writeBaseline) await writeLintBaseline(resolve(io.cwd, writeBaseline), report, { cwd: io.cwd });
  }

  const { renderLintReport } = await import('../reporters/index.js');
  const { lintRuleInfos } = await import('../lint/rule-infos.js');
  const color = wantsColor(io);
  const rules = lintRuleInfos();
  await writeReports(
    { formats: strings(options.format), outputs: strings(options.output) },
    (format, to) => renderLintReport(format, report, { color: color && to.kind === 'stdout', rules, cwd: io.cwd }),
    io,
  );
  return lintExitCode(report, failOn as FailOn);
}
