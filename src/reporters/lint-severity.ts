import { isAbsolute, relative, sep } from 'node:path';
import type { LintFinding, LintReport, LintSeverity } from '../core/report/types.js';
import { countCauses } from './lint-causes.js';

export type LintSeverityName = 'error' | 'warning' | 'info' | 'hint';

const NAMES: Record<LintSeverity, LintSeverityName> = { 0: 'error', 1: 'warning', 2: 'info', 3: 'hint' };

export const lintSeverityName = (severity: LintSeverity): LintSeverityName => NAMES[severity] ?? 'hint';

/** Findings that count against the run: not ignored by `x-ignore-rules`, not known in the baseline. */
export const countedFindings = (report: LintReport): LintFinding[] =>
  report.findings.filter((finding) => finding.baseline !== 'known');

/** A lint source as shown to people: relative to cwd when it is a file below it, with `/` separators. */
export function displaySource(source: string, cwd: string | undefined): string {
  if (!cwd || /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || !isAbsolute(source)) return source;
  const rel = relative(cwd, source);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return source;
  return rel.split(sep).join('/');
}

/** 1-based line and column of a finding (Spectral ranges are 0-based). */
export const startPosition = (finding: LintFinding): { line: number; column: number } => ({
  line: finding.range.start.line + 1,
  column: finding.range.start.character + 1,
});

/** A JSON path in dot notation, as Spectral prints it (`paths./employers.get`). */
export const printPath = (path: ReadonlyArray<string | number>): string => path.map(String).join('.');

/** Said when warnings (or infos) alone fail a lint run: Spectral's default --fail-on is error, ours is warning. */
export function failOnNote(report: LintReport, failOn: 'error' | 'warning' | 'info' | undefined): string | undefined {
  if (failOn === undefined || failOn === 'error') return undefined;
  const counted = countedFindings(report);
  const threshold = failOn === 'warning' ? 1 : 2;
  if (counted.some((f) => f.severity === 0) || !counted.some((f) => f.severity <= threshold)) return undefined;
  return failOn === 'warning'
    ? "warnings alone fail this run (--fail-on warning, the default; Spectral's is error)"
    : 'warnings and infos alone fail this run (--fail-on info)';
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * "3 problems from 2 causes (1 error, 2 warnings, 0 infos, 0 hints)" and its extras ("1 ignored", baseline
 * counts), as stylish ends. A diff's changes have no causes: `changes` leaves them unsaid.
 */
export function lintSummaryParts(
  report: LintReport,
  changes = false,
): { problems: number; counts: string; extras: string[] } {
  const s = report.summary;
  const counted = countedFindings(report);
  const problems = counted.length;
  const causes = changes || problems === 0 ? '' : ` from ${plural(countCauses(counted), 'cause')}`;
  const counts = `${plural(problems, 'problem')}${causes} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}, ${plural(s.hints, 'hint')})`;
  const extras = [`${s.ignored} ignored`];
  if (s.known !== undefined) extras.push(`${s.known} known (baseline)`);
  if (s.fixed !== undefined) extras.push(`${s.fixed} fixed`);
  return { problems, counts, extras };
}

/** The run in one plain line, for stderr when every report went to a file (as check does). */
export function lintSummaryLine(
  report: LintReport,
  failOn: 'error' | 'warning' | 'info' | undefined,
  changes = false,
): string {
  const { counts, extras } = lintSummaryParts(report, changes);
  const note = failOnNote(report, failOn);
  return `${counts}, ${extras.join(', ')}${note ? ` — ${note}` : ''}`;
}
