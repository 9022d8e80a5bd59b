import { almostNothingVerified } from '../core/engine/coverage.js';
import type { CheckResult, Coverage, LintFinding, Severity } from '../core/report/types.js';
import type { DiffReport } from '../diff/types.js';
import type { CheckReporter, LintReporter, RenderOptions } from './render-options.js';
import { areaOf, groupByArea } from './check-areas.js';
import { evidenceText } from './evidence-text.js';
import { displaySource, lintSeverityName, printPath, startPosition } from './lint-severity.js';
import { operationRows, operationsLine } from './operations-table.js';
import { areaLine, leftText, scoreLine } from './run-notes.js';
import { sourceProperties } from './source-line.js';

// Characters XML 1.0 forbids (most controls, lone surrogates, U+FFFE/FFFF) become U+FFFD;
// everything else is escaped, so no CDATA section is needed and `]]>` in a body is harmless.
/* eslint-disable no-control-regex -- a block, not next-line: Prettier may wrap the statement */
const INVALID_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const xml = (text: string): string =>
  text.replace(INVALID_XML, '\ufffd').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
// In attributes newlines would be normalised away by parsers: keep them as character references.
const attr = (text: string): string => xml(text).replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

interface Case {
  name: string;
  classname: string;
  timeMs?: number;
  outcome: 'pass' | 'failure' | 'error' | 'skipped';
  message?: string;
  body?: string;
  type?: string;
  note?: string;
  /** A finding below --fail-on: the case passes, and says what was found (JUnit 5's per-case properties). */
  properties?: Array<[string, string]>;
}

const propertyLines = (properties: ReadonlyArray<[string, string]>, indent: string): string[] => [
  `${indent}<properties>`,
  ...properties.map(([key, value]) => `${indent}  <property name="${attr(key)}" value="${attr(value)}"/>`),
  `${indent}</properties>`,
];

function renderCase(test: Case): string {
  const open = `    <testcase classname="${attr(test.classname)}" name="${attr(test.name)}" time="${seconds(test.timeMs)}"`;
  const out = [
    ...(test.properties?.length ? propertyLines(test.properties, '      ') : []),
    ...(test.note ? [`      <system-out>${xml(test.note)}</system-out>`] : []),
  ];
  if (test.outcome === 'skipped') out.unshift(`      <skipped message="${attr(test.message ?? '')}"/>`);
  if (test.outcome === 'failure' || test.outcome === 'error') {
    out.unshift(
      `      <${test.outcome} message="${attr(test.message ?? '')}" type="${attr(test.type ?? '')}">${xml(test.body ?? '')}</${test.outcome}>`,
    );
  }
  return out.length ? `${open}>\n${out.join('\n')}\n    </testcase>` : `${open}/>`;
}

interface Suite {
  name: string;
  cases: Case[];
  timeMs?: number;
  properties?: Array<[string, string]>;
}

function renderSuites(name: string, suites: Suite[], timeMs: number): string {
  const count = (cases: Case[], outcome: Case['outcome']) => cases.filter((test) => test.outcome === outcome).length;
  const totals = (cases: Case[]) =>
    `tests="${cases.length}" failures="${count(cases, 'failure')}" errors="${count(cases, 'error')}" skipped="${count(cases, 'skipped')}"`;
  const all = suites.flatMap((suite) => suite.cases);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(name)}" ${totals(all)} time="${seconds(timeMs)}">`,
  ];
  for (const suite of suites) {
    lines.push(`  <testsuite name="${attr(suite.name)}" ${totals(suite.cases)} time="${seconds(suite.timeMs)}">`);
    if (suite.properties?.length) lines.push(...propertyLines(suite.properties, '    '));
    lines.push(...suite.cases.map(renderCase));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

type FailOn = NonNullable<RenderOptions['failOn']>;
const CHECK_COUNTS: Record<FailOn, ReadonlySet<Severity>> = {
  error: new Set(['error']),
  warning: new Set(['error', 'warning']),
  info: new Set(['error', 'warning', 'info']),
};
const LINT_THRESHOLD: Record<FailOn, number> = { error: 0, warning: 1, info: 2 };

/** A finding below --fail-on: a passed case (the check did reach its verdict), its finding in properties and output. */
const belowGate = (
  base: Omit<Case, 'outcome'>,
  severity: string,
  failOn: FailOn,
  rule: string,
  message: string,
  body: string,
): Case => ({
  ...base,
  outcome: 'pass',
  properties: [
    ['restguide.finding', message],
    ['restguide.severity', severity],
    ['restguide.rule', rule],
    ['restguide.fail-on', failOn],
  ],
  note: `${severity} below --fail-on ${failOn}, so it does not fail the run:\n${body}`,
});

/** A fault folded across resources or URLs: every resource and URL, which the message names only the first of. */
function foldedText(result: CheckResult): string {
  const lines = [
    ...(result.resources ? [`Resources (${result.resources.length}): ${result.resources.join(', ')}`] : []),
    ...(result.urls ? [`URLs (${result.urls.length}):`, ...result.urls.map((url) => `  ${url}`)] : []),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
}

function checkCase(result: CheckResult, failOn: FailOn): Case {
  const base = {
    name: `${result.id} ${result.resource}`,
    classname: areaOf(result.id),
    ...(result.durationMs === undefined ? {} : { timeMs: result.durationMs }),
  };
  // A known failure no longer fails the run: shown as skipped so it stays visible.
  if (result.baseline === 'known')
    return { ...base, outcome: 'skipped', message: `known (baseline): ${result.message}` };
  if (result.baseline === 'fixed') return { ...base, outcome: 'pass', note: result.message };
  switch (result.status) {
    case 'pass':
      return { ...base, outcome: 'pass' };
    case 'skip':
      return { ...base, outcome: 'skipped', message: result.message };
    case 'error':
      return {
        ...base,
        outcome: 'error',
        message: result.message,
        type: 'errored',
        body: evidenceText(result.evidence),
      };
    case 'fail': {
      const body = `${result.message}\n\n${foldedText(result)}${evidenceText(result.evidence)}`;
      if (!CHECK_COUNTS[failOn].has(result.severity))
        return belowGate(base, result.severity, failOn, result.rule, result.message, body);
      return {
        ...base,
        outcome: 'failure',
        message: result.message,
        type: `${result.rule} (${result.severity})`,
        body,
      };
    }
  }
}

/** One case per check run: a check with several findings fails once, all of them in its body. */
function runCases(results: readonly CheckResult[], failOn: FailOn): Case[] {
  const runs = new Map<string, Case[]>();
  for (const result of results) {
    const key = `${result.id}\u0000${result.resource}\u0000${result.baseline === 'fixed' ? 'fixed' : ''}`;
    runs.set(key, [...(runs.get(key) ?? []), checkCase(result, failOn)]);
  }
  // What the case shows: a failure over an error, a finding below the gate over a skip or a bare pass.
  const rank = (c: Case): number =>
    c.outcome === 'pass' && c.properties ? 2 : { failure: 0, error: 1, skipped: 3, pass: 4 }[c.outcome];
  return [...runs.values()].map((cases) => {
    const sorted = [...cases].sort((a, b) => rank(a) - rank(b));
    const first = sorted[0] as Case;
    const same = sorted.filter(
      (c) => c.outcome === first.outcome && Boolean(c.properties) === Boolean(first.properties),
    );
    if (same.length < 2) return first;
    if (first.outcome === 'pass' && first.properties)
      return { ...first, note: same.map((c) => c.note ?? '').join('\n\n') };
    if (first.outcome !== 'failure' && first.outcome !== 'error') return first;
    const noun = first.outcome === 'failure' ? 'findings' : 'errored results';
    return {
      ...first,
      message: `${same.length} ${noun}: ${first.message ?? ''}`,
      body: same.map((c) => c.body ?? '').join('\n\n'),
    };
  });
}

/**
 * Wall time of a suite: the union of its checks' intervals when the runner recorded when each began
 * (checks run concurrently, so summing them would exceed the run); else their sum, at most the run's.
 */
export function suiteTimeMs(results: readonly CheckResult[], runMs: number): number {
  const timed = results.filter((r) => r.durationMs !== undefined);
  if (timed.some((r) => r.offsetMs === undefined))
    return Math.min(
      runMs,
      timed.reduce((sum, r) => sum + (r.durationMs ?? 0), 0),
    );
  const spans = timed.map((r) => [r.offsetMs!, r.offsetMs! + r.durationMs!] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [start, stop] of spans) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  return Math.min(runMs, total);
}

/**
 * Coverage per operation as a suite CI dashboards list like tests: a case per operation of the document, passed
 * when the run exercised it (what it saw in `<system-out>`, with the declared responses never seen), skipped with
 * the reason when it never did (not verified, as a skipped check). Never a failure: coverage does not gate.
 */
function operationsSuite(coverage: Coverage | undefined): Suite | undefined {
  const line = operationsLine(coverage);
  if (!line || !coverage?.operations) return undefined;
  const rows = operationRows(coverage);
  const cases = coverage.operations.map((operation, index): Case => {
    const name = `${operation.method} ${operation.path}${operation.operationId ? ` (${operation.operationId})` : ''}`;
    const row = rows[index];
    if (operation.exchanges === 0)
      return { name, classname: 'coverage', outcome: 'skipped', message: row?.statuses ?? 'never exercised' };
    const unseen = row?.unseen ? `\ndeclared, never seen: ${row.unseen}` : '';
    return {
      name,
      classname: 'coverage',
      outcome: 'pass',
      note: `${operation.exchanges} exchange${operation.exchanges === 1 ? '' : 's'}: ${row?.statuses ?? ''}${unseen}`,
    };
  });
  return { name: 'coverage', timeMs: 0, cases, properties: [['operations', line]] };
}

/**
 * A testsuite per area, a testcase per check and resource (`classname` = area, `name` = `id resource`).
 * Failed and errored cases are exactly what fails the run under --fail-on; findings below it pass.
 */
export const checkJunit: CheckReporter = (report, options) => {
  const failOn = options.failOn ?? 'warning';
  const score = scoreLine(report.coverage);
  const suites: Suite[] = groupByArea(report.results).map(([area, results]) => {
    const coverage = report.coverage?.areas.find((a) => a.area === area);
    return {
      name: area,
      cases: runCases(results, failOn),
      timeMs: suiteTimeMs(results, report.durationMs),
      ...(coverage
        ? {
            properties: [
              ['coverage', areaLine(coverage)],
              ...(score ? [['score', score] as [string, string]] : []),
            ] as Array<[string, string]>,
          }
        : {}),
    };
  });
  // Each cleanup write is a case: one that may have left a record fails the suite as the run does.
  const cleanups = report.cleanups ?? [];
  if (cleanups.length > 0) {
    suites.push({
      name: 'cleanup',
      timeMs: 0,
      cases: cleanups.map((record) => ({
        name: `${record.method} ${record.url}`,
        classname: 'cleanup',
        ...(record.outcome === 'left'
          ? { outcome: 'failure' as const, message: leftText(record), type: 'left behind', body: leftText(record) }
          : { outcome: 'pass' as const }),
      })),
    });
  }
  // Traffic restguide did not send: where it came from, as the properties of a suite of its own.
  if (report.source)
    suites.unshift({ name: 'source', timeMs: 0, cases: [], properties: sourceProperties(report.source) });
  // A run that verified almost nothing exits 2 with no check failing: its case says why the gate fails.
  const operations = operationsSuite(report.coverage);
  if (operations) suites.push(operations);
  const unverified = almostNothingVerified(report.coverage);
  const anyFailed = suites.some((suite) => suite.cases.some((c) => c.outcome === 'failure' || c.outcome === 'error'));
  if (options.exitCode === 2 && unverified && !anyFailed) {
    suites.push({
      name: 'run',
      timeMs: 0,
      cases: [
        {
          name: 'verifies the target',
          classname: 'run',
          outcome: 'failure',
          message: unverified,
          type: 'not verified',
          body: unverified,
        },
      ],
    });
  }
  return renderSuites(`restguide check ${report.target}`, suites, report.durationMs);
};

function lintCase(finding: LintFinding, source: string, ignored: boolean, failOn: FailOn): Case {
  const { line, column } = startPosition(finding);
  const base = { name: `${finding.code} ${printPath(finding.path)}`, classname: source };
  const message = `${finding.message} (${source}:${line}:${column})`;
  if (ignored)
    return {
      ...base,
      outcome: 'skipped',
      message: `ignored (x-ignore-rules): ${finding.ignoredReason ?? finding.message}`,
    };
  if (finding.baseline === 'known')
    return { ...base, outcome: 'skipped', message: `known (baseline): ${finding.message}` };
  if (finding.baseline === 'fixed')
    return { ...base, outcome: 'pass', note: `fixed since the baseline: ${finding.message}` };
  const severity = lintSeverityName(finding.severity);
  const body = `${severity} ${finding.code}: ${message}\npath: ${printPath(finding.path)}`;
  if (finding.severity > LINT_THRESHOLD[failOn]) return belowGate(base, severity, failOn, finding.code, message, body);
  return { ...base, outcome: 'failure', message, type: severity, body };
}

function lintSuites(report: Parameters<LintReporter>[0], options: RenderOptions): Suite[] {
  const failOn = options.failOn ?? 'warning';
  const ignored = new Set(report.ignored);
  const all = [...report.findings, ...report.ignored, ...(report.fixed ?? [])];
  const sources = [...new Set([...report.sources, ...all.map((finding) => finding.source)])];
  return sources.map((source) => {
    const shown = displaySource(source, options.cwd);
    const cases = all
      .filter((finding) => finding.source === source)
      .map((finding) => lintCase(finding, shown, ignored.has(finding), failOn));
    return {
      name: shown,
      cases: cases.length ? cases : [{ name: 'no findings', classname: shown, outcome: 'pass' as const }],
    };
  });
}

/** A testsuite per source, a testcase per finding; a clean source gets one passing testcase. */
export const lintJunit: LintReporter = (report, options) =>
  renderSuites('restguide lint', lintSuites(report, options), report.durationMs);

/** As lint (the findings sit in the new document), titled with both sides. */
export const diffJunit: LintReporter = (report, options) => {
  const { old, new: next } = report as DiffReport;
  const title =
    old && next
      ? `restguide diff ${displaySource(old.source, options.cwd)} ${displaySource(next.source, options.cwd)}`
      : 'restguide diff';
  return renderSuites(title, lintSuites(report, options), report.durationMs);
};
