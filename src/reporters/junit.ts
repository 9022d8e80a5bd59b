import type { CheckResult, LintFinding } from '../core/types.js';
import type { CheckReporter, LintReporter } from './render-options.js';
import { areaOf, groupByArea } from './check-areas.js';
import { evidenceText } from './evidence-text.js';
import { displaySource, lintSeverityName, printPath, startPosition } from './lint-severity.js';
import { areaLine, leftText, scoreLine } from './run-notes.js';

// Characters XML 1.0 forbids (most controls, lone surrogates, U+FFFE/FFFF) become U+FFFD;
// everything else is escaped, so no CDATA section is needed and `]]>` in a body is harmless.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const xml = (text: string): string => text.replace(INVALID_XML, '\ufffd').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
// In attributes newlines would be normalised away by parsers: keep them as character references.
const attr = (text: string): string => xml(text).replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

interface Case { name: string; classname: string; timeMs?: number; outcome: 'pass' | 'failure' | 'error' | 'skipped'; message?: string; body?: string; type?: string; note?: string }

function renderCase(test: Case): string {
  const open = `    <testcase classname="${attr(test.classname)}" name="${attr(test.name)}" time="${seconds(test.timeMs)}"`;
  const out = test.note ? [`      <system-out>${xml(test.note)}</system-out>`] : [];
  if (test.outcome === 'skipped') out.unshift(`      <skipped message="${attr(test.message ?? '')}"/>`);
  if (test.outcome === 'failure' || test.outcome === 'error') {
    out.unshift(`      <${test.outcome} message="${attr(test.message ?? '')}" type="${attr(test.type ?? '')}">${xml(test.body ?? '')}</${test.outcome}>`);
  }
  return out.length ? `${open}>\n${out.join('\n')}\n    </testcase>` : `${open}/>`;
}

interface Suite { name: string; cases: Case[]; timeMs?: number; properties?: Array<[string, string]> }

function renderSuites(name: string, suites: Suite[], timeMs: number): string {
  const count = (cases: Case[], outcome: Case['outcome']) => cases.filter((test) => test.outcome === outcome).length;
  const totals = (cases: Case[]) =>
    `tests="${cases.length}" failures="${count(cases, 'failure')}" errors="${count(cases, 'error')}" skipped="${count(cases, 'skipped')}"`;
  const all = suites.flatMap((suite) => suite.cases);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="${attr(name)}" ${totals(all)} time="${seconds(timeMs)}">`];
  for (const suite of suites) {
    lines.push(`  <testsuite name="${attr(suite.name)}" ${totals(suite.cases)} time="${seconds(suite.timeMs)}">`);
    if (suite.properties?.length) {
      lines.push('    <properties>', ...suite.properties.map(([key, value]) => `      <property name="${attr(key)}" value="${attr(value)}"/>`), '    </properties>');
    }
    lines.push(...suite.cases.map(renderCase));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function checkCase(result: CheckResult): Case {
  const base = { name: `${result.id} ${result.resource}`, classname: areaOf(result.id), ...(result.durationMs === undefined ? {} : { timeMs: result.durationMs }) };
  // A known failure no longer fails the run: shown as skipped so it stays visible.
  if (result.baseline === 'known') return { ...base, outcome: 'skipped', message: `known (baseline): ${result.message}` };
  if (result.baseline === 'fixed') return { ...base, outcome: 'pass', note: result.message };
  switch (result.status) {
    case 'pass': return { ...base, outcome: 'pass' };
    case 'skip': return { ...base, outcome: 'skipped', message: result.message };
    case 'error': return { ...base, outcome: 'error', message: result.message, type: 'errored', body: evidenceText(result.evidence) };
    case 'fail': return { ...base, outcome: 'failure', message: result.message, type: `${result.rule} (${result.severity})`, body: `${result.message}\n\n${evidenceText(result.evidence)}` };
  }
}

/** One case per check run: a check with several findings fails once, all of them in its body. */
function runCases(results: readonly CheckResult[]): Case[] {
  const runs = new Map<string, Case[]>();
  for (const result of results) {
    const key = `${result.id}\u0000${result.resource}\u0000${result.baseline === 'fixed' ? 'fixed' : ''}`;
    runs.set(key, [...(runs.get(key) ?? []), checkCase(result)]);
  }
  const rank: Record<Case['outcome'], number> = { failure: 0, error: 1, skipped: 2, pass: 3 };
  return [...runs.values()].map((cases) => {
    const sorted = [...cases].sort((a, b) => rank[a.outcome] - rank[b.outcome]);
    const first = sorted[0] as Case;
    const same = sorted.filter((c) => c.outcome === first.outcome);
    if (same.length < 2 || (first.outcome !== 'failure' && first.outcome !== 'error')) return first;
    const noun = first.outcome === 'failure' ? 'findings' : 'errored results';
    return { ...first, message: `${same.length} ${noun}: ${first.message ?? ''}`, body: same.map((c) => c.body ?? '').join('\n\n') };
  });
}

/** A testsuite per area, a testcase per check and resource (`classname` = area, `name` = `id resource`). */
export const checkJunit: CheckReporter = (report) => {
  const score = scoreLine(report.coverage);
  const suites: Suite[] = groupByArea(report.results).map(([area, results]) => {
    const coverage = report.coverage?.areas.find((a) => a.area === area);
    return {
      name: area,
      cases: runCases(results),
      timeMs: results.reduce((sum, result) => sum + (result.durationMs ?? 0), 0),
      ...(coverage ? { properties: [['coverage', areaLine(coverage)], ...(score ? [['score', score] as [string, string]] : [])] as Array<[string, string]> } : {}),
    };
  });
  // Each cleanup write is a case: one that may have left a record fails the suite as the run does.
  const cleanups = report.cleanups ?? [];
  if (cleanups.length > 0) {
    suites.push({
      name: 'cleanup', timeMs: 0,
      cases: cleanups.map((record) => ({
        name: `${record.method} ${record.url}`, classname: 'cleanup',
        ...(record.outcome === 'left' ? { outcome: 'failure' as const, message: leftText(record), type: 'left behind', body: leftText(record) } : { outcome: 'pass' as const }),
      })),
    });
  }
  return renderSuites(`restguide check ${report.target}`, suites, report.durationMs);
};

function lintCase(finding: LintFinding, source: string, ignored: boolean): Case {
  const { line, column } = startPosition(finding);
  const base = { name: `${finding.code} ${printPath(finding.path)}`, classname: source };
  const message = `${finding.message} (${source}:${line}:${column})`;
  if (ignored) return { ...base, outcome: 'skipped', message: `ignored (x-ignore-rules): ${finding.ignoredReason ?? finding.message}` };
  if (finding.baseline === 'known') return { ...base, outcome: 'skipped', message: `known (baseline): ${finding.message}` };
  if (finding.baseline === 'fixed') return { ...base, outcome: 'pass', note: `fixed since the baseline: ${finding.message}` };
  return { ...base, outcome: 'failure', message, type: lintSeverityName(finding.severity), body: `${lintSeverityName(finding.severity)} ${finding.code}: ${message}\npath: ${printPath(finding.path)}` };
}

/** A testsuite per source, a testcase per finding; a clean source gets one passing testcase. */
export const lintJunit: LintReporter = (report, options) => {
  const ignored = new Set(report.ignored);
  const all = [...report.findings, ...report.ignored, ...(report.fixed ?? [])];
  const sources = [...new Set([...report.sources, ...all.map((finding) => finding.source)])];
  const suites = sources.map((source) => {
    const shown = displaySource(source, options.cwd);
    const cases = all.filter((finding) => finding.source === source).map((finding) => lintCase(finding, shown, ignored.has(finding)));
    return { name: shown, cases: cases.length ? cases : [{ name: 'no findings', classname: shown, outcome: 'pass' as const }] };
  });
  return renderSuites('restguide lint', suites, report.durationMs);
};
