// The banner of a report: pass or fail at a glance, and why, in the words of the exit code.
import type { CheckReport, LintReport } from '../core/report/types.js';
import { countedFindings } from './lint-severity.js';
import { leftRecords } from './run-notes.js';
import { almostNothingVerified } from '../core/engine/coverage.js';

export interface Verdict {
  passed: boolean;
  headline: string;
  reason: string;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Why a check run ends with `exitCode` (given by the CLI); without one, judged from the failures alone. */
export function checkVerdict(
  report: CheckReport,
  failOn: 'error' | 'warning' | 'info' | undefined,
  exitCode: number | undefined,
): Verdict {
  const results = report.results.filter((r) => r.baseline === undefined);
  const level = failOn ?? 'warning';
  const counts = (severity: string) =>
    severity === 'error' || (level !== 'error' && severity === 'warning') || (level === 'info' && severity === 'info');
  const failing = results.filter((r) => r.status === 'fail' && counts(r.severity));
  const errored = results.filter((r) => r.status === 'error').length;
  const code = exitCode ?? (failing.length > 0 ? 1 : 0);
  const known = report.summary.known
    ? `; ${plural(report.summary.known, 'known failure')} from the baseline not counted`
    : '';
  if (code === 2) {
    return {
      passed: false,
      headline: 'Could not judge: exit 2',
      reason:
        almostNothingVerified(report.coverage) ??
        `no check could reach a verdict (${plural(errored, 'check')} errored)`,
    };
  }
  if (code === 0) {
    const below = results.filter((r) => r.status === 'fail').length;
    return {
      passed: true,
      headline: exitCode === undefined ? 'Passed' : 'Passed: exit 0',
      reason: `no failure at or above --fail-on ${level}${below ? ` (${plural(below, 'failure')} below it)` : ''}${known}`,
    };
  }
  const bySeverity = ['error', 'warning', 'info']
    .map((s) => [s, failing.filter((r) => r.severity === s).length] as const)
    .filter(([, n]) => n > 0);
  const parts = [
    `${plural(failing.length, 'failure')} at or above --fail-on ${level}${bySeverity.length ? ` (${bySeverity.map(([s, n]) => plural(n, s)).join(', ')})` : ''}`,
  ];
  if (errored) parts.push(`${plural(errored, 'check')} errored, so the run could not verify everything`);
  const left = leftRecords(report).length;
  if (left)
    parts.push(
      `${plural(left, 'cleanup')} failed, so the run may have left ${left === 1 ? 'a record' : 'records'} in the API`,
    );
  return {
    passed: false,
    headline: exitCode === undefined ? 'Failed' : `Failed: exit ${code}`,
    reason: `${parts.join('; ')}${known}`,
  };
}

const LEVELS = { error: 0, warning: 1, info: 2 } as const;

export function lintVerdict(
  report: LintReport,
  failOn: 'error' | 'warning' | 'info' | undefined,
  exitCode: number | undefined,
): Verdict {
  const level = failOn ?? 'warning';
  const failing = countedFindings(report).filter((f) => f.severity <= LEVELS[level]);
  const code = exitCode ?? (failing.length > 0 ? 1 : 0);
  const known = report.summary.known
    ? `; ${plural(report.summary.known, 'known finding')} from the baseline not counted`
    : '';
  if (code === 0)
    return {
      passed: true,
      headline: exitCode === undefined ? 'Passed' : 'Passed: exit 0',
      reason: `no finding at or above --fail-on ${level}${known}`,
    };
  const names = ['error', 'warning', 'info'] as const;
  const bySeverity = names
    .map((name, i) => [name, failing.filter((f) => f.severity === i).length] as const)
    .filter(([, n]) => n > 0);
  return {
    passed: false,
    headline: exitCode === undefined ? 'Failed' : `Failed: exit ${code}`,
    reason: `${plural(failing.length, 'finding')} at or above --fail-on ${level} (${bySeverity.map(([s, n]) => plural(n, s)).join(', ')})${known}`,
  };
}
