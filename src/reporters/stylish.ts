import { Chalk, type ChalkInstance } from 'chalk';
import type { CheckResult, LintFinding } from '../core/types.js';
import type { CheckReporter, LintReporter } from './render-options.js';
import { groupByArea } from './check-areas.js';
import { bodyExcerpt, oneLine, requestLine, responseLine, withoutControls } from './evidence-text.js';
import { countedFindings, displaySource, failOnNote, lintSeverityName, printPath, startPosition } from './lint-severity.js';

// A Chalk instance of our own: level 0 when colours are off, whatever the environment says.
const paint = (color: boolean): ChalkInstance => new Chalk({ level: color ? 1 : 0 });

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)}s`;

function statusMark(c: ChalkInstance, result: CheckResult): string {
  if (result.baseline === 'known') return c.yellow('✖');
  if (result.baseline === 'fixed') return c.green('✔');
  switch (result.status) {
    case 'pass': return c.green('✔');
    case 'fail': return result.severity === 'error' ? c.red('✖') : c.yellow('⚠');
    case 'skip': return c.dim('○');
    case 'error': return c.magenta('!');
  }
}

function checkLines(c: ChalkInstance, result: CheckResult): string[] {
  const note = result.baseline === 'known' ? c.yellow(' (known: in the baseline)')
    : result.baseline === 'fixed' ? c.green(' (fixed since the baseline)') : '';
  const head = `  ${statusMark(c, result)} ${c.bold(result.id)}  ${oneLine(result.resource)}  ${c.dim(oneLine(result.message))}${note}`;
  if (result.status !== 'fail' && result.status !== 'error') return [head];
  const lines = [head];
  for (const evidence of result.evidence) {
    lines.push(`      ${c.cyan('→')} ${withoutControls(requestLine(evidence))}`);
    lines.push(`      ${c.cyan('←')} ${withoutControls(responseLine(evidence))}`);
    const body = bodyExcerpt(evidence.response?.body);
    if (body) lines.push(`        ${c.dim(body)}`);
    lines.push(`      ${c.dim('$')} ${withoutControls(evidence.curl)}`);
  }
  return lines;
}

export const checkStylish: CheckReporter = (report, options) => {
  const c = paint(options.color);
  const out: string[] = [`${c.bold('restguide check')} ${withoutControls(report.target)}`, ''];
  for (const [area, results] of groupByArea(report.results)) {
    out.push(c.underline(area), ...results.flatMap((result) => checkLines(c, result)), '');
  }
  const s = report.summary;
  const parts = [
    c.green(`${s.passed} passed`), (s.failed ? c.red : c.dim)(`${s.failed} failed`),
    `${s.skipped} skipped`, (s.errored ? c.magenta : c.dim)(`${s.errored} errored`),
    plural(s.requests, 'request'), seconds(report.durationMs),
  ];
  if (s.known !== undefined) parts.push(c.yellow(`${s.known} known (baseline)`));
  if (s.fixed !== undefined) parts.push(c.green(`${s.fixed} fixed`));
  out.push(parts.join(', '));
  return `${out.join('\n')}\n`;
};

// ---- lint -------------------------------------------------------------------------------------

const severityColour = (c: ChalkInstance, finding: LintFinding): string => {
  const name = lintSeverityName(finding.severity);
  return name === 'error' ? c.red(name) : name === 'warning' ? c.yellow(name) : c.blue(name);
};

/** Rows padded to the widest cell per column, like Spectral's table (colour codes not counted). */
function table(rows: string[][], widths: number[]): string[] {
  return rows.map((row) => row.map((cell, i) => cell.padEnd((widths[i] ?? 0) + cell.length - visible(cell).length)).join('  ').trimEnd());
}
// eslint-disable-next-line no-control-regex
const visible = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');

export const lintStylish: LintReporter = (report, options) => {
  const c = paint(options.color);
  const listed: Array<{ finding: LintFinding; note: string }> = [
    ...report.findings.map((finding) => ({ finding, note: finding.baseline === 'known' ? c.yellow('(known: in the baseline)') : '' })),
    ...(report.fixed ?? []).map((finding) => ({ finding, note: c.green('(fixed since the baseline)') })),
  ];
  const bySource = new Map<string, typeof listed>();
  // By line within a source; fixed entries (no position any more) last.
  const line = (item: (typeof listed)[number]) => (item.finding.baseline === 'fixed' ? Infinity : item.finding.range.start.line);
  for (const item of [...listed].sort((a, b) => line(a) - line(b))) {
    const key = displaySource(item.finding.source, options.cwd);
    bySource.set(key, [...(bySource.get(key) ?? []), item]);
  }
  const out: string[] = [];
  for (const [source, items] of [...bySource].sort(([a], [b]) => a.localeCompare(b))) {
    const rows = items.map(({ finding, note }) => {
      const { line, column } = startPosition(finding);
      const position = finding.baseline === 'fixed' ? '-' : `${line}:${column}`;
      return [c.dim(position), severityColour(c, finding), oneLine(finding.code), oneLine(finding.message), c.dim(oneLine(printPath(finding.path))), note];
    });
    const widths = [0, 1, 2, 3, 4, 5].map((i) => Math.max(...rows.map((row) => visible(row[i] ?? '').length)));
    out.push(c.underline(withoutControls(source)), ...table(rows, widths).map((row) => ` ${row}`), '');
  }
  const s = report.summary;
  const problems = countedFindings(report).length;
  const summary = `${problems ? '✖' : '✔'} ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}, ${plural(s.hints, 'hint')})`;
  const extras = [`${s.ignored} ignored`];
  if (s.known !== undefined) extras.push(`${s.known} known (baseline)`);
  if (s.fixed !== undefined) extras.push(`${s.fixed} fixed`);
  const colour = s.errors ? c.red : s.warnings ? c.yellow : c.green;
  const note = failOnNote(report, options.failOn);
  out.push(`${colour.bold(summary)} ${c.dim(extras.join(', '))}${note ? ` ${c.yellow(`— ${note}`)}` : ''}`);
  return `${out.join('\n')}\n`;
};
