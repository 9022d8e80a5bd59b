// `restguide lint <documents...>`: lint, apply the baseline, write the reports, map to an exit code.
import type { Io } from './io.js';
import { UsageError } from '../core/util/errors.js';
import { parseFailOn } from '../core/report/fail-on.js';
import type { LintReport } from '../core/report/types.js';
import { planOutputs, reportTargets, writeCommandReports } from './output.js';
import { progressLine } from './progress-line.js';
import { LINT_FORMATS } from '../reporters/formats.js';

const FAIL_LEVELS = { error: 0, warning: 1, info: 2 } as const;
type FailOn = keyof typeof FAIL_LEVELS;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;

/** Exit 1 when a counted finding (not ignored, not a known baseline one) is at or above `failOn`. */
export function lintExitCode(report: LintReport, failOn: FailOn): number {
  const threshold = FAIL_LEVELS[failOn];
  return report.findings.some((f) => f.baseline === undefined && f.severity <= threshold) ? 1 : 0;
}

/**
 * The gate steps lint and diff share: --baseline and --write-baseline as a lint baseline (one entry per finding,
 * paths relative to `root(file)`), and the exit code of --fail-on.
 */
export function findingGateSteps(
  options: Record<string, unknown>,
  failOn: FailOn,
  root: (file: string, baselines: typeof import('../core/report/baseline.js')) => string,
) {
  return {
    baseline: typeof options.baseline === 'string' ? options.baseline : undefined,
    writeBaseline: typeof options.writeBaseline === 'string' ? options.writeBaseline : undefined,
    async applyBaseline(ran: LintReport, file: string): Promise<LintReport> {
      const baselines = await import('../core/report/baseline.js');
      return baselines.applyLintBaseline(ran, await baselines.readBaseline(file), { cwd: root(file, baselines) });
    },
    async recordBaseline(ran: LintReport, file: string): Promise<{ entries: number; each: string }> {
      const baselines = await import('../core/report/baseline.js');
      const written = await baselines.writeLintBaseline(file, ran, { cwd: root(file, baselines) });
      return { entries: written.entries.length, each: 'one per finding' };
    },
    exitCode: (ran: LintReport, recorded: boolean): number => (recorded ? 0 : lintExitCode(ran, failOn)),
  };
}

/** The document of `lint -`: refused in one line when stdin is a terminal (nothing piped) or empty. */
async function readStdin(io: Io, maxBytes: number): Promise<string> {
  if (io.stdin?.isTTY)
    throw new UsageError('lint -: stdin is a terminal; pipe a document in (restguide lint - < openapi.yaml)');
  const text = io.stdin ? await io.stdin.read(maxBytes) : '';
  if (text.trim() === '')
    throw new UsageError('lint -: stdin is empty; pipe an OpenAPI document in (restguide lint - < openapi.yaml)');
  return text;
}

/** What --verbose says of the lint engine: its mode, and each fallback of accelerated mode to the stock path. */
function engineLines(linter: import('../lint/index.js').Linter): string {
  if (!linter.accelerated) return 'restguide: lint engine: stock (RESTGUIDE_LINT_ENGINE=stock)\n';
  const { total } = linter.fallbacks;
  const head = `restguide: lint engine: accelerated, ${total} ${total === 1 ? 'fallback' : 'fallbacks'} to stock`;
  return `${[total === 0 ? head : `${head}:`, ...linter.fallbacks.lines().map((line) => `  ${line}`)].join('\n')}\n`;
}

export async function runLint(documents: string[], options: Record<string, unknown>, io: Io): Promise<number> {
  const failOn = parseFailOn(options.failOn, ['error', 'warning', 'info']);
  if (documents.length === 0)
    throw new UsageError(
      'lint: give at least one OpenAPI document (file or URL), or set lint.documents in restguide.config.yaml',
    );

  planOutputs(reportTargets(options), 'stylish', LINT_FORMATS); // a bad -f/-o is refused before any work
  const { acceleratedByDefault, createLinter, lintDocuments, maxBytesFromEnv } = await import('../lint/index.js');
  const linter = createLinter({ accelerated: acceleratedByDefault(io.env) });
  const stdin = documents.includes('-') ? await readStdin(io, maxBytesFromEnv(io.env)) : undefined;
  const progress = progressLine(io, options.quiet === true);
  let report: LintReport;
  try {
    report = await lintDocuments(documents, {
      ruleset: typeof options.ruleset === 'string' ? options.ruleset : undefined,
      cwd: io.cwd,
      limits: { maxBytes: maxBytesFromEnv(io.env) },
      exclude: strings(options.exclude),
      onProgress: progress.sink,
      linter,
      ...(stdin === undefined ? {} : { stdin }),
    });
  } finally {
    progress.end();
  }
  if (options.verbose === true) io.stderr(engineLines(linter));

  const { renderLintReport } = await import('../reporters/index.js');
  const { lintRuleInfos } = await import('../lint/rule-infos.js');
  const { gate } = await import('../core/report/gate.js');
  const rules = lintRuleInfos();
  const { exitCode } = await gate(
    report,
    {
      ...findingGateSteps(options, failOn, (file, baselines) => baselines.lintBaselineRoot(file)),
      async publish(ran, exitCode) {
        // The HTML page shows each finding's line: read the linted files only when it is asked for.
        const wantsHtml = planOutputs(reportTargets(options), 'stylish', LINT_FORMATS).some(
          (item) => item.format === 'html',
        );
        const sourceLines = wantsHtml
          ? await (await import('../lint/source-lines.js')).readSourceLines(ran)
          : undefined;
        const shared = {
          rules,
          failOn,
          exitCode,
          showDocumentationUrl: options.showDocumentationUrl === true,
          ...(sourceLines ? { sourceLines } : {}),
        };
        return writeCommandReports(options, io, LINT_FORMATS, shared, (format, told) =>
          renderLintReport(format, ran, told),
        );
      },
      summaryLine: async (ran) => (await import('../reporters/lint-severity.js')).lintSummaryLine(ran, failOn),
    },
    io,
  );
  return exitCode;
}
