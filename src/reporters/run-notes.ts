// What every check report says besides the verdicts: the gateway's transient answers the run met
// and waited out, and what its cleanups could not remove.
import { foldReport } from '../core/engine/fold-findings.js';
import {
  UNPROVEN_RECORD,
  type AreaCoverage,
  type CheckReport,
  type CheckSummary,
  type CleanupRecord,
  type Coverage,
} from '../core/report/types.js';

/** "conformance score 97.5 of 100 over 120 verified checks (baseline 92.0: +5.5)"; undefined without coverage. */
export function scoreLine(coverage: Coverage | undefined): string | undefined {
  if (!coverage) return undefined;
  const verified = coverage.areas.reduce((sum, area) => sum + area.verified, 0);
  if (coverage.score === undefined) return 'conformance score: none, no check reached a verdict';
  const base = coverage.baselineScore;
  const trend =
    base === undefined
      ? ''
      : ` (baseline ${base.toFixed(1)}: ${coverage.score - base >= 0 ? '+' : '−'}${Math.abs(coverage.score - base).toFixed(1)})`;
  return `conformance score ${coverage.score.toFixed(1)} of 100 over ${plural(verified, 'verified check')}, weighted by severity${trend}`;
}

/** "paging: 8 verified (score 100.0), 2 not applicable, 1 not verified: needs --allow-writes ×1". */
export function areaLine(area: AreaCoverage): string {
  const parts = [`${area.verified} verified${area.score === undefined ? '' : ` (score ${area.score.toFixed(1)})`}`];
  if (area.notApplicable) parts.push(`${area.notApplicable} not applicable`);
  if (area.notVerified)
    parts.push(`${area.notVerified} not verified: ${area.reasons.map((r) => `${r.reason} ×${r.count}`).join('; ')}`);
  return `${area.area}: ${parts.join(', ')}`;
}

/**
 * "16 findings in 21 failed checks": the findings listed (a fault on several resources once) and the check runs
 * they failed, in every format's summary line; "0 failed" without any, "N failed" for a summary without findings.
 */
export function failedWords(summary: Pick<CheckSummary, 'failed' | 'findings'>): string {
  const { failed, findings } = summary;
  if (findings === undefined || failed === 0) return `${failed} failed`;
  return `${plural(findings, 'finding')} in ${plural(failed, 'failed check')}`;
}

/** The run in one plain line, for stderr when every report went to a file. */
export function checkSummaryLine(report: CheckReport): string {
  // The findings as the reports list them: a fault folded across resources once.
  const s = foldReport(report).summary;
  const notes = [scoreLine(report.coverage), transientLine(s), cleanupLine(report)].filter(
    (note) => note !== undefined,
  );
  return `${s.passed} passed, ${failedWords(s)}, ${s.skipped} skipped, ${s.errored} errored, ${plural(s.requests, 'request')}, ${(report.durationMs / 1000).toFixed(2)}s${notes.map((note) => `; ${note}`).join('')}`;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "met 9 transient answers (429 ×6, reset ×3), retried 9 requests, waited 6.4 s"; undefined when it met none. */
export function transientLine(summary: CheckSummary): string | undefined {
  const t = summary.transient;
  const kinds = Object.entries(t?.met ?? {}).filter(([, n]) => n > 0);
  if (!t || kinds.length === 0) return undefined;
  const met = kinds.reduce((sum, [, n]) => sum + n, 0);
  const gaveUp = t.gaveUp ? `; ${plural(t.gaveUp, 'request')} still met one when its tries ran out` : '';
  return `met ${plural(met, 'transient answer')} (${kinds.map(([kind, n]) => `${kind} ×${n}`).join(', ')}), retried ${plural(t.retries, 'request')}, waited ${(t.waitedMs / 1000).toFixed(1)} s${gaveUp}`;
}

export const leftRecords = (report: CheckReport): CleanupRecord[] =>
  (report.cleanups ?? []).filter((c) => c.outcome === 'left');

/** A record the run left because it could not prove it made it: no DELETE was sent. */
export const isUnproven = (record: CleanupRecord): boolean => record.reason?.startsWith(UNPROVEN_RECORD) ?? false;

/**
 * "cleanups: 42 writes, each undid what the run made", "cleanups: 2 of 42 writes failed, so records may be left in
 * the API", "cleanups: 1 record left: could not prove it was ours, not deleted"; undefined when none ran.
 */
export function cleanupLine(report: CheckReport): string | undefined {
  const all = report.cleanups ?? [];
  if (all.length === 0) return undefined;
  const left = leftRecords(report);
  const unproven = left.filter(isUnproven).length;
  const failed = left.length - unproven;
  const writes = all.length - unproven;
  if (left.length === 0) return `cleanups: ${plural(all.length, 'write')}, each undid what the run made`;
  const parts = [
    ...(failed > 0
      ? [
          `${failed} of ${plural(writes, 'write')} failed, so ${failed === 1 ? 'a record' : 'records'} may be left in the API`,
        ]
      : []),
    ...(unproven > 0
      ? [
          `${plural(unproven, 'record')} ${UNPROVEN_RECORD.replace('it was', unproven === 1 ? 'it was' : 'they were')}, not deleted`,
        ]
      : []),
  ];
  return `cleanups: ${parts.join('; ')}`;
}

/** One cleanup that may have left its record: `DELETE http://…/employers/7 (the API kept answering 429)`. */
export const leftText = (record: CleanupRecord): string =>
  `${record.method} ${record.url}${record.status === undefined ? '' : ` → ${record.status}`}: ${record.reason ?? 'not cleaned'} (cleanup of ${record.check} on ${record.resource})`;
