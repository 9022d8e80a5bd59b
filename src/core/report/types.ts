// Shapes shared by the check engine, the lint wiring, the reporters and the CLI.
// The JSON report of `check` and the findings of `lint` are contracts (see DESIGN.md):
// other tools parse them, so change them only on purpose.

export type Severity = 'error' | 'warning' | 'info';
export type CheckStatus = 'pass' | 'fail' | 'skip' | 'error';

/** The check areas: stable id prefixes that reports group by. */
export const CHECK_AREAS = [
  'problem',
  'trace',
  'http',
  'collection',
  'paging',
  'select',
  'embed',
  'sort',
  'filter',
  'patch',
  'put',
  'create',
  'delete',
  'task',
  'link',
  'id',
  'input',
  'controller',
  'i18n',
  'health',
  'doc',
  'json',
  'auth',
] as const;

interface EvidenceRequest {
  method: string;
  url: string;
  /** Header names lower-cased; credentials already redacted. */
  headers: Record<string, string>;
  body?: string;
}

interface EvidenceResponse {
  status: number;
  headers: Record<string, string>;
  /** An excerpt of the body, capped. */
  body?: string;
}

export interface Evidence {
  request: EvidenceRequest;
  response?: EvidenceResponse;
  /** A curl command line that reproduces the request (credentials redacted). */
  curl: string;
}

export interface CheckResult {
  id: string;
  rule: string;
  severity: Severity;
  status: CheckStatus;
  /** The resource (path or URL) the check judged. */
  resource: string;
  message: string;
  /** Message id from the check's meta, for tests and baselines (absent on pass). */
  messageId?: string;
  evidence: Evidence[];
  /** A failure folding the same fault seen on several URLs of one check run: how many findings it stands for. */
  count?: number;
  /** With `count`: every distinct URL the fault was seen on (the message names the first few). */
  urls?: string[];
  /** A fault of one check folded across resources (in the reports): every resource it was seen on, `resource` first. */
  resources?: string[];
  durationMs?: number;
  /** When the check began, in ms from the run's start (with durationMs: a report's honest wall times). */
  offsetMs?: number;
  /** Set by --baseline: a known finding that no longer fails the run. */
  baseline?: 'known' | 'fixed';
}

/** passed/failed/skipped/errored count checks run on a resource (a check fails once, with all its findings). */
export interface CheckSummary {
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
  requests: number;
  /** Fail results (findings) not known to a baseline: a failed check has one or more. */
  findings?: number;
  /** Set by --baseline: results (findings and errors) already in the baseline (not counted in `failed`/`errored`/`findings`). */
  known?: number;
  /** Set by --baseline: baseline entries that no longer fail (results with `baseline: 'fixed'`). */
  fixed?: number;
  /** A gateway's transient answers the run met (429, 503, 502/504, resets, timeouts), its retries and wait. */
  transient?: {
    /** By kind: `429`, `502`, `503`, `504`, `reset`, `timeout`. */
    met: Record<string, number>;
    retries: number;
    /** Wall-clock time the run held its requests back, in ms. */
    waitedMs: number;
    /** Requests that still met one when their tries, the retry budget or the deadline ran out. */
    gaveUp: number;
  };
  /** The cleanups' writes: how many undid what they targeted, and how many may have left it in the API. */
  cleanups?: { cleaned: number; left: number };
}

/** What a run verified in one area (runs: one check on one resource). */
export interface AreaCoverage {
  area: string;
  /** Runs that reached a verdict: `passed` + `failed`. */
  verified: number;
  passed: number;
  failed: number;
  /** Runs of checks the target gives nothing to run on. */
  notApplicable: number;
  /** Runs skipped or errored: not verified, with the reasons most often given. */
  notVerified: number;
  reasons: Array<{ reason: string; count: number }>;
  /** Conformance score of the verified runs, 0–100 (see coverage.ts); absent when none. */
  score?: number;
}

/** One operation of the OpenAPI document and the answers the traffic (run, recording or proxy) showed of it. */
export interface OperationCoverage {
  method: string;
  /** The path template as the document writes it. */
  path: string;
  operationId?: string;
  /** Exchanges matched to the operation. */
  exchanges: number;
  /** Each status seen, how often, and the response key of the document it matched (absent: undocumented). */
  statuses: Array<{ status: number; count: number; response?: string }>;
  /** The response keys the operation declares (`200`, `4XX`, `default`), and those no answer matched. */
  declared: string[];
  unseen: string[];
  /** Why no request reached the operation (only when `exchanges` is 0). */
  why?: string;
}

/** What the run verified: the target's resources, each area, and the conformance score. */
export interface Coverage {
  /** What the target declared (from the profile, --openapi or the API's /doc). */
  resources: { collections: number; documents: number; tasks: number; controllers: number };
  areas: AreaCoverage[];
  /** Weighted by severity (error 3, warning 2, info 1) over the verified runs; absent when none. */
  score?: number;
  /** Runs of checks of resources (not API-wide), and those of them that reached a verdict. */
  resourceChecks: number;
  resourceChecksVerified: number;
  /** With --baseline: the score the baseline's run recorded, for the trend. */
  baselineScore?: number;
  /** Per operation of the document (--openapi, or the reference server's own): what the traffic exercised. */
  operations?: OperationCoverage[];
  /** Exchanges under the base URL that match no operation of the document (by method and path, a few shown). */
  undocumented?: { count: number; examples: string[] };
}

/** A write a check's cleanup sent or meant to send (a DELETE of what it created, a restore): what a run may leave behind. */
/** How a cleanup record's reason starts when the run left a record it could not prove it had made (nothing was deleted). */
export const UNPROVEN_RECORD = 'left: could not prove it was ours';

export interface CleanupRecord {
  /** The check, and the resource it ran on, that made what the cleanup undoes. */
  check: string;
  resource: string;
  method: string;
  url: string;
  /** The last answer's status; absent when no answer came or nothing was sent. */
  status?: number;
  /** cleaned: a 2xx, or 404/410 (already gone); left: what it targeted may still be in the API. */
  outcome: 'cleaned' | 'left';
  /** Why it may be left: the answer, the fault, or why it was not sent. */
  reason?: string;
}

export interface CheckReport {
  tool: 'restguide';
  version: string;
  target: string;
  startedAt: string;
  durationMs: number;
  summary: CheckSummary;
  results: CheckResult[];
  /** Every cleanup write of the run, in the order sent; those with `outcome: 'left'` fail the run. */
  cleanups?: CleanupRecord[];
  /** What the run verified, per area, and its conformance score. */
  coverage?: Coverage;
  /** Where the verdicts came from when restguide sent nothing: a recording's files, or the proxy's traffic. */
  source?: ReportSource;
}

/** The traffic a report judged that restguide did not send (`check --har`, `restguide proxy`). */
export interface ReportSource {
  kind: 'recording' | 'proxy';
  /** recording: the HAR files read, as given on the command line. */
  files?: string[];
  /** proxy: the upstream base URL it forwarded to, and the URL it listened on. */
  upstream?: string;
  listening?: string;
  /**
   * read = judged + outside + dropped. outside: not under the base URL, left aside; dropped: read and not judged
   * for another reason (an entry that is no HTTP exchange; the proxy's judging was behind, or the upstream gave no answer).
   */
  exchanges: { read: number; judged: number; outside: number; dropped: number };
  /**
   * A run's own recording replayed (its checks run again, every request answered from it): requests answered, and
   * those it did not hold (their checks skip naming them). judged then counts the recorded exchanges that answered.
   */
  replay?: { answered: number; missing: number };
  /** When the first and the last exchange judged started (ISO 8601); absent when the traffic did not say. */
  firstAt?: string;
  lastAt?: string;
}

/** Spectral's own numeric severities: 0 error, 1 warning, 2 info, 3 hint. */
export type LintSeverity = 0 | 1 | 2 | 3;

export interface LintRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A lint finding, with the fields of Spectral's JSON output. */
export interface LintFinding {
  code: string;
  severity: LintSeverity;
  message: string;
  path: Array<string | number>;
  source: string;
  range: LintRange;
  /** The reason from `x-ignore-rules` when the finding is ignored. */
  ignoredReason?: string;
  /** Set on a finding a `$ref` brings in: where in the referenced file it arises (`source`/`range` are the $ref's). */
  related?: Array<{ source: string; path: Array<string | number>; range: LintRange; message: string }>;
  baseline?: 'known' | 'fixed';
}

export interface LintReport {
  tool: 'restguide';
  version: string;
  sources: string[];
  startedAt: string;
  durationMs: number;
  summary: {
    errors: number;
    warnings: number;
    infos: number;
    hints: number;
    ignored: number;
    /** Set by --baseline: findings already in the baseline (not counted above). */
    known?: number;
    /** Set by --baseline: baseline entries no longer found (listed in `fixed`). */
    fixed?: number;
  };
  findings: LintFinding[];
  /** Findings suppressed by `x-ignore-rules`; reported, not counted. */
  ignored: LintFinding[];
  /** Set by --baseline: baseline entries no longer found in a linted source. */
  fixed?: LintFinding[];
}

/** One row of `restguide rules`. */
export interface RuleInfo {
  kind: 'check' | 'lint' | 'diff';
  id: string;
  rule: string;
  severity: Severity;
  writes: boolean;
  description: string;
  url: string;
}

export { GUIDE_URL, guideAnchor } from './guide-anchor.js';

/**
 * Rule and check ids by their UTF-16 units, not the locale's collation: reports list them in the
 * same order on every machine (in Estonian, "az" sorts before "at"), and a lint need not start ICU's
 * collator for it. For ids of lower-case letters, digits, hyphens and dots, as all built-in
 * ones are, it is the order localeCompare gives in the C and English locales.
 */
/** The end of a lint or diff report: when it ran, its counts by severity, its findings and the ignored ones. */
export function findingsOutcome<F extends LintFinding>(findings: F[], ignored: F[], started: number) {
  const count = (severity: LintSeverity) => findings.filter((f) => f.severity === severity).length;
  return {
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    summary: { errors: count(0), warnings: count(1), infos: count(2), hints: count(3), ignored: ignored.length },
    findings,
    ignored,
  };
}

export const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
