// GitLab Code Quality (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format):
// an array of { description, check_name, fingerprint, severity, location: { path, lines: { begin } } }.
// GitLab keys an issue by its fingerprint across pipelines (new, resolved), so a fingerprint leaves out
// what changes between runs (line numbers, hosts, timings) and is unique within a report.
import { createHash } from 'node:crypto';
import { checkFingerprint, resourceKey } from '../core/report/baseline.js';
import type { CheckResult, LintFinding, LintSeverity, Severity } from '../core/report/types.js';
import type { DiffFinding } from '../diff/types.js';
import type { CheckReporter, LintReporter } from './render-options.js';
import { countedFindings, displaySource, printPath, startPosition } from './lint-severity.js';
import { leftRecords, leftText } from './run-notes.js';
import { causeId } from './lint-causes.js';

type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: GitlabSeverity;
  location: { path: string; lines: { begin: number } };
  /** Lint: the id of the finding's cause, as the JSON report has it (a key GitLab does not read). */
  cause?: string;
}

// As ESLint's GitLab formatters map theirs: an error is major, a warning minor.
const CHECK_SEVERITY: Record<Severity, GitlabSeverity> = { error: 'major', warning: 'minor', info: 'info' };
const LINT_SEVERITY: Record<LintSeverity, GitlabSeverity> = { 0: 'major', 1: 'minor', 2: 'info', 3: 'info' };

const hash = (parts: readonly string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);

/** Keys seen twice (one check failing twice the same way on one resource) get the occurrence in their hash. */
function uniqueFingerprints(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? key : hash([key, String(n)]);
  });
}

const render = (issues: Issue[]): string => `${JSON.stringify(issues, null, 2)}\n`;

function withFingerprints(issues: Array<Omit<Issue, 'fingerprint'>>, keys: string[]): Issue[] {
  const fingerprints = uniqueFingerprints(keys);
  return issues.map((issue, i) => ({
    description: issue.description,
    check_name: issue.check_name,
    fingerprint: fingerprints[i]!,
    severity: issue.severity,
    location: issue.location,
    ...(issue.cause === undefined ? {} : { cause: issue.cause }),
  }));
}

/**
 * Failed and errored checks not known to the baseline, and each record a cleanup may have left. The
 * location is the OpenAPI document when the run had one (`--openapi`), at the line its resource's
 * path is declared on (else 1), so GitLab ties it to the file; otherwise the API resource, line 1.
 */
export const checkGitlab: CheckReporter = (report, options) => {
  const counted = report.results.filter(
    (r): r is CheckResult => (r.status === 'fail' || r.status === 'error') && r.baseline === undefined,
  );
  const location = (resource: string) =>
    options.document
      ? {
          path: displaySource(options.document, options.cwd),
          lines: { begin: options.documentLines?.get(resource) ?? 1 },
        }
      : { path: resourceKey(resource), lines: { begin: 1 } };
  const issues = counted.map((result) => ({
    description: `${result.status === 'error' ? 'check errored: ' : ''}${result.message} (${resourceKey(result.resource)})`,
    check_name: result.id,
    severity: result.status === 'error' ? ('major' as const) : CHECK_SEVERITY[result.severity],
    location: location(result.resource),
  }));
  const keys = counted.map((result) => checkFingerprint(result).slice(0, 32));
  for (const record of leftRecords(report)) {
    issues.push({
      description: `record left behind: ${leftText(record)}`,
      check_name: 'cleanup',
      severity: 'critical',
      location: location(record.resource),
    });
    keys.push(hash(['cleanup', record.check, resourceKey(record.resource), record.method, resourceKey(record.url)]));
  }
  return render(withFingerprints(issues, keys));
};

const lintIssue = (finding: LintFinding, cwd: string | undefined) => ({
  description: `${finding.message} (${printPath(finding.path)})`,
  check_name: finding.code,
  severity: LINT_SEVERITY[finding.severity] ?? 'info',
  location: { path: displaySource(finding.source, cwd), lines: { begin: startPosition(finding).line } },
});

/** Counted findings (not ignored, not known to the baseline), at their file and line. */
export const lintGitlab: LintReporter = (report, options) => {
  const findings = countedFindings(report);
  return render(
    withFingerprints(
      findings.map((finding) => ({ ...lintIssue(finding, options.cwd), cause: causeId(finding, options.cwd) })),
      findings.map((finding) =>
        hash(['lint', finding.code, displaySource(finding.source, options.cwd), JSON.stringify(finding.path)]),
      ),
    ),
  );
};

/** As lint, located in the new document; the fingerprint also names the old location, which a change may only have there. */
export const diffGitlab: LintReporter = (report, options) => {
  const findings = countedFindings(report) as Array<LintFinding & Partial<DiffFinding>>;
  return render(
    withFingerprints(
      findings.map((finding) => lintIssue(finding, options.cwd)),
      findings.map((finding) =>
        hash([
          'diff',
          finding.code,
          displaySource(finding.source, options.cwd),
          JSON.stringify(finding.path),
          JSON.stringify(finding.old?.path ?? []),
        ]),
      ),
    ),
  );
};
