// Baselines: record today's findings so a CI gate fails only on new ones (`--baseline`, `--write-baseline`).
// Fingerprints ignore what changes between runs and hosts (line numbers, timestamps, origins).
import { createHash } from 'node:crypto';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../util/errors.js';
import { perResource } from '../engine/fold-findings.js';
import { fileErrorReason, readUserFile } from '../util/file-error.js';
import { replaceFile } from '../util/replace-file.js';
import { summarize } from '../engine/summary.js';
import type { CheckReport, CheckResult, LintFinding, LintReport, LintSeverity, Severity } from './types.js';

interface CheckBaselineEntry {
  fingerprint: string;
  id: string;
  rule: string;
  severity: Severity;
  /** The resource without its origin. */
  resource: string;
  messageId?: string;
  message: string;
  /** `error` for a check that errored (absent for a failure). */
  status?: 'error';
}

interface LintBaselineEntry {
  fingerprint: string;
  code: string;
  /** The source, relative to the baseline file's folder, with `/` separators. */
  source: string;
  path: Array<string | number>;
  severity?: LintSeverity;
  message: string;
}

interface BaselineHeader {
  tool: 'restguide';
  version: 1;
  createdAt: string;
}
/** `score`: the conformance score of the run that wrote it, for the trend of later runs (absent in older baselines). */
type CheckBaseline = BaselineHeader & { kind: 'check'; score?: number; entries: CheckBaselineEntry[] };
type LintBaseline = BaselineHeader & { kind: 'lint'; entries: LintBaselineEntry[] };
type Baseline = CheckBaseline | LintBaseline;

interface BaselineOptions {
  /** Folder lint sources are made relative to (the CLI passes lintBaselineRoot; default: the working directory). */
  cwd?: string;
  /** Timestamp written in the file (tests pin it). */
  now?: Date;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The resource without scheme, host and port, so a baseline from one host matches another. */
export function resourceKey(resource: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(resource)) return resource;
  try {
    const url = new URL(resource);
    return `${url.pathname}${url.search}`;
  } catch {
    return resource;
  }
}

/** A lint source as a stable key: URLs as they are, files relative to cwd with `/` separators. */
export function sourceKey(source: string, cwd: string = process.cwd()): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) return source;
  const rel = relative(cwd, resolve(cwd, source));
  return (isAbsolute(rel) ? rel : rel || '.').split(sep).join('/');
}

/** An error has no message id: it is known by its check, resource and the word `error` (its message varies). */
export const checkFingerprint = (
  result: Pick<CheckResult, 'id' | 'resource' | 'messageId'> & { status?: CheckResult['status'] },
): string =>
  sha256(
    [
      'check',
      result.id,
      resourceKey(result.resource),
      result.status === 'error' ? '\u0001error' : (result.messageId ?? ''),
    ].join('\u0000'),
  );

export const lintFingerprint = (finding: Pick<LintFinding, 'code' | 'source' | 'path'>, cwd?: string): string =>
  sha256(['lint', finding.code, sourceKey(finding.source, cwd), JSON.stringify(finding.path)].join('\u0000'));

// ---- reading and writing -------------------------------------------------------------------

export async function readBaseline(file: string): Promise<Baseline> {
  const text = await readUserFile(file, `baseline ${file}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`baseline ${file} is not valid JSON`);
  }
  const problem = baselineProblem(data);
  if (problem) throw new UsageError(`baseline ${file} is not a restguide baseline: ${problem}`);
  return withSeverityNames(data as Baseline);
}

const LINT_SEVERITY_NAMES: Record<string, LintSeverity> = {
  error: 0,
  warning: 1,
  warn: 1,
  info: 2,
  information: 2,
  hint: 3,
};

/** A hand-edited baseline may name severities as Spectral does (`warn`, or a name for a lint number). */
function withSeverityNames(baseline: Baseline): Baseline {
  if (baseline.kind === 'check') {
    return {
      ...baseline,
      entries: baseline.entries.map((e) =>
        String(e.severity) === 'warn' ? { ...e, severity: 'warning' as const } : e,
      ),
    };
  }
  return {
    ...baseline,
    entries: baseline.entries.map((e) =>
      typeof e.severity === 'string' && (e.severity as string) in LINT_SEVERITY_NAMES
        ? { ...e, severity: LINT_SEVERITY_NAMES[e.severity as string]! }
        : e,
    ),
  };
}

function baselineProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not an object';
  const b = data as Record<string, unknown>;
  if (b.tool !== 'restguide') return 'tool is not "restguide"';
  if (b.version !== 1) return `unsupported version ${JSON.stringify(b.version)}`;
  if (b.kind !== 'check' && b.kind !== 'lint') return 'kind is neither "check" nor "lint"';
  if (!Array.isArray(b.entries)) return 'entries is not an array';
  if (b.score !== undefined && typeof b.score !== 'number') return 'score is not a number';
  const index = b.entries.findIndex((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return true;
    const e = entry as Record<string, unknown>;
    if (typeof e.fingerprint !== 'string' || typeof e.message !== 'string') return true;
    return b.kind === 'check'
      ? typeof e.id !== 'string' || typeof e.resource !== 'string'
      : typeof e.code !== 'string' || typeof e.source !== 'string' || !Array.isArray(e.path);
  });
  return index === -1
    ? undefined
    : `entry ${index} lacks fingerprint, message or its ${b.kind === 'check' ? 'id/resource' : 'code/source/path'}`;
}

const byKeys =
  <T>(keys: (entry: T) => string[]) =>
  (a: T, b: T): number => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) {
      const order = (ka[i] ?? '').localeCompare(kb[i] ?? '');
      if (order !== 0) return order;
    }
    return 0;
  };

/** Entries unique by fingerprint and sorted, so a re-recorded baseline diffs cleanly. */
function uniqueSorted<T extends { fingerprint: string }>(entries: T[], keys: (entry: T) => string[]): T[] {
  const unique = new Map(entries.map((entry) => [entry.fingerprint, entry]));
  return [...unique.values()].sort(byKeys((entry: T) => [...keys(entry), entry.fingerprint]));
}

export function checkBaselineOf(report: CheckReport, options: BaselineOptions = {}): CheckBaseline {
  // Keyed per resource, a fault folded across resources too: a baseline matches however the reports fold.
  const entries = perResource(report.results)
    .filter((result) => (result.status === 'fail' || result.status === 'error') && result.baseline !== 'fixed')
    .map((result): CheckBaselineEntry => ({
      fingerprint: checkFingerprint(result),
      ...(result.status === 'error' ? { status: 'error' as const } : {}),
      id: result.id,
      rule: result.rule,
      severity: result.severity,
      resource: resourceKey(result.resource),
      ...(result.messageId === undefined ? {} : { messageId: result.messageId }),
      message: result.message,
    }));
  return {
    ...baselineHead('check', options),
    ...(report.coverage?.score === undefined ? {} : { score: report.coverage.score }),
    entries: uniqueSorted(entries, (e) => [e.id, e.resource, e.messageId ?? '']),
  };
}

/** What every baseline file starts with: the tool, its kind, the format's version and when it was written. */
const baselineHead = <K extends 'check' | 'lint'>(kind: K, options: BaselineOptions) => ({
  tool: 'restguide' as const,
  kind,
  version: 1 as const,
  createdAt: (options.now ?? new Date()).toISOString(),
});

export function lintBaselineOf(report: LintReport, options: BaselineOptions = {}): LintBaseline {
  const entries = report.findings
    .filter((finding) => finding.baseline !== 'fixed')
    .map((finding): LintBaselineEntry => ({
      fingerprint: lintFingerprint(finding, options.cwd),
      code: finding.code,
      source: sourceKey(finding.source, options.cwd),
      path: finding.path,
      severity: finding.severity,
      message: finding.message,
    }));
  return {
    ...baselineHead('lint', options),
    entries: uniqueSorted(entries, (e) => [e.source, e.code, JSON.stringify(e.path)]),
  };
}

/** Writes the baseline and returns it, so the CLI can say how many entries it recorded. */
export const writeCheckBaseline = (
  file: string,
  report: CheckReport,
  options?: BaselineOptions,
): Promise<CheckBaseline> => writeBaseline(file, checkBaselineOf(report, options));

export const writeLintBaseline = (file: string, report: LintReport, options?: BaselineOptions): Promise<LintBaseline> =>
  writeBaseline(file, lintBaselineOf(report, options));

/**
 * The folder lint sources are keyed relative to: the baseline file's own folder, so a baseline
 * written from `lint/` matches when the same files are linted from the parent folder.
 */
export const lintBaselineRoot = (baselineFile: string): string => dirname(baselineFile);

async function writeBaseline<B extends Baseline>(file: string, data: B): Promise<B> {
  try {
    await replaceFile(file, `${JSON.stringify(data, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(`cannot write baseline ${file}: ${fileErrorReason(error)}`);
  }
  return data;
}

// ---- applying ------------------------------------------------------------------------------

function expectKind<K extends Baseline['kind']>(
  baseline: Baseline,
  kind: K,
): asserts baseline is Extract<Baseline, { kind: K }> {
  if (baseline.kind !== kind)
    throw new UsageError(`the baseline was recorded by \`restguide ${baseline.kind}\`, not \`restguide ${kind}\``);
}

/**
 * Known failures and errors keep their status, gain `baseline: 'known'` and leave
 * `summary.failed`/`errored` (counted in `summary.known`), so they no longer fail the gate. A baseline entry whose check ran on its resource this time
 * (pass or fail) without that failure is fixed: a synthetic `pass` result with
 * `baseline: 'fixed'` and no evidence, counted in `summary.fixed`, not in `passed`.
 * Entries whose check did not run, was skipped or errored are neither: nothing is known about them.
 */
export function applyCheckBaseline(report: CheckReport, baseline: Baseline): CheckReport {
  expectKind(baseline, 'check');
  const known = new Set(baseline.entries.map((entry) => entry.fingerprint));
  const results = report.results
    .filter((result) => result.baseline !== 'fixed')
    .map((result): CheckResult => {
      const { baseline: _previous, ...plain } = result;
      // A result folded across resources is known when every resource it stands for is.
      const keys = perResource([result]).map((one) => checkFingerprint(one));
      return (result.status === 'fail' || result.status === 'error') && keys.every((key) => known.has(key))
        ? { ...plain, baseline: 'known' }
        : plain;
    });
  const failing = new Set(
    perResource(results)
      .filter((r) => r.status === 'fail' || r.status === 'error')
      .map((r) => checkFingerprint(r)),
  );
  const judged = new Set(
    perResource(results)
      .filter((r) => r.status === 'pass' || r.status === 'fail')
      .map((r) => `${r.id}\u0000${resourceKey(r.resource)}`),
  );
  const fixed = baseline.entries
    // An error entry is fixed only when the check now reaches a verdict (pass or fail).
    .filter((entry) => !failing.has(entry.fingerprint) && judged.has(`${entry.id}\u0000${entry.resource}`))
    .map((entry): CheckResult => ({
      id: entry.id,
      rule: entry.rule ?? '',
      severity: entry.severity ?? 'error',
      status: 'pass',
      resource: entry.resource,
      message: `Fixed since the baseline: ${entry.message}`,
      ...(entry.messageId === undefined ? {} : { messageId: entry.messageId }),
      evidence: [],
      baseline: 'fixed',
    }));
  const all = [...results, ...fixed];
  const coverage =
    report.coverage && typeof baseline.score === 'number'
      ? { ...report.coverage, baselineScore: baseline.score }
      : report.coverage;
  return {
    ...report,
    summary: { ...report.summary, ...summarize(all, report.summary.requests, true) },
    results: all,
    ...(coverage ? { coverage } : {}),
  };
}

/**
 * Known findings stay in `findings` with `baseline: 'known'` and leave the severity counts
 * (counted in `summary.known`). Entries of a source linted this time that are no longer found
 * are listed in `fixed` (with `baseline: 'fixed'` and an empty range), counted in `summary.fixed`.
 */
export function applyLintBaseline(report: LintReport, baseline: Baseline, options: BaselineOptions = {}): LintReport {
  expectKind(baseline, 'lint');
  const known = new Set(baseline.entries.map((entry) => entry.fingerprint));
  const findings = report.findings.map((finding): LintFinding => {
    const { baseline: _previous, ...plain } = finding;
    return known.has(lintFingerprint(finding, options.cwd)) ? { ...plain, baseline: 'known' } : plain;
  });
  const found = new Set(findings.map((finding) => lintFingerprint(finding, options.cwd)));
  // Fixed entries are reported under the source as this run names it.
  const linted = new Map(report.sources.map((source) => [sourceKey(source, options.cwd), source]));
  const zero = { line: 0, character: 0 };
  const fixed = baseline.entries
    .filter((entry) => !found.has(entry.fingerprint) && linted.has(entry.source))
    .map((entry): LintFinding => ({
      code: entry.code,
      severity: entry.severity ?? 0,
      message: entry.message,
      path: entry.path,
      source: linted.get(entry.source) ?? entry.source,
      range: { start: zero, end: zero },
      baseline: 'fixed',
    }));
  const counted = findings.filter((finding) => finding.baseline !== 'known');
  const count = (severity: number) => counted.filter((finding) => finding.severity === severity).length;
  return {
    ...report,
    summary: {
      ...report.summary,
      errors: count(0),
      warnings: count(1),
      infos: count(2),
      hints: count(3),
      known: findings.length - counted.length,
      fixed: fixed.length,
    },
    findings,
    fixed,
  };
}
