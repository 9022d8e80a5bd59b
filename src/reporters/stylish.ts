import { Chalk, type ChalkInstance } from 'chalk';
import { erroredReason } from '../core/engine/summary.js';
import { formatCount } from '../core/report/format-count.js';
import type { CheckResult, LintFinding } from '../core/report/types.js';
import type { CheckReporter, LintReporter, RenderOptions } from './render-options.js';
import { groupByArea } from './check-areas.js';
import { bodyExcerpt, oneLine, requestLine, responseLine, withoutControls } from './evidence-text.js';
import {
  countedFindings,
  displaySource,
  failOnNote,
  lintSummaryParts,
  lintSeverityName,
  printPath,
  startPosition,
} from './lint-severity.js';
import { countByRule, groupFindings, groupHint, SHOWN_LOCATIONS, type FindingGroup } from './lint-groups.js';
import { areaLine, cleanupLine, failedWords, leftRecords, leftText, scoreLine, transientLine } from './run-notes.js';
import { operationRows, operationsLine } from './operations-table.js';
import { sourceLine } from './source-line.js';

// A Chalk instance of our own: level 0 when colours are off, whatever the environment says.
const paint = (color: boolean): ChalkInstance => new Chalk({ level: color ? 1 : 0 });

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)}s`;

function statusMark(c: ChalkInstance, result: CheckResult): string {
  if (result.baseline === 'known') return c.yellow('✖');
  if (result.baseline === 'fixed') return c.green('✔');
  switch (result.status) {
    case 'pass':
      return c.green('✔');
    case 'fail':
      return result.severity === 'error' ? c.red('✖') : c.yellow('⚠');
    case 'skip':
      return c.dim('○');
    case 'error':
      return c.magenta('!');
  }
}

/** Rule id → guide link, when --show-documentation-url asks for them. */
const documentationUrls = (options: RenderOptions): ReadonlyMap<string, string> | undefined =>
  options.showDocumentationUrl ? new Map((options.rules ?? []).map((rule) => [rule.id, rule.url])) : undefined;

/** What the baseline says of a result or finding (known, fixed), after `lead`; nothing for a new one. */
const baselineNote = (c: ChalkInstance, state: string | undefined, lead = ''): string =>
  state === 'known'
    ? c.yellow(`${lead}(known: in the baseline)`)
    : state === 'fixed'
      ? c.green(`${lead}(fixed since the baseline)`)
      : '';

function checkLines(c: ChalkInstance, result: CheckResult, urls?: ReadonlyMap<string, string>): string[] {
  const note = baselineNote(c, result.baseline, ' ');
  // A fault folded across resources names the first; the others are counted, the message names their URLs.
  const more = result.resources && result.resources.length > 1 ? ` (+${result.resources.length - 1} more)` : '';
  const head = `  ${statusMark(c, result)} ${c.bold(result.id)}  ${oneLine(result.resource)}${more}  ${c.dim(oneLine(result.message))}${note}`;
  if (result.status !== 'fail' && result.status !== 'error') return [head];
  const lines = [head];
  for (const evidence of result.evidence) {
    lines.push(`      ${c.cyan('→')} ${withoutControls(requestLine(evidence))}`);
    lines.push(`      ${c.cyan('←')} ${withoutControls(responseLine(evidence))}`);
    const body = bodyExcerpt(evidence.response?.body);
    if (body) lines.push(`        ${c.dim(body)}`);
    lines.push(`      ${c.dim('$')} ${withoutControls(evidence.curl)}`);
  }
  const url = urls?.get(result.id);
  if (url) lines.push(`      ${c.dim('guide:')} ${url}`);
  return lines;
}

export const checkStylish: CheckReporter = (report, options) => {
  const c = paint(options.color);
  const out: string[] = [`${c.bold('restguide check')} ${withoutControls(report.target)}`];
  // Traffic restguide did not send: which recording, or which proxy, and how much of it was judged.
  if (report.source) out.push(c.dim(withoutControls(sourceLine(report.source))));
  out.push('');
  const urls = documentationUrls(options);
  const shown = (result: CheckResult) =>
    !options.quiet || ((result.status === 'fail' || result.status === 'error') && result.baseline === undefined);
  for (const [area, all] of groupByArea(report.results)) {
    const results = all.filter(shown);
    if (results.length > 0)
      out.push(c.underline(area), ...results.flatMap((result) => checkLines(c, result, urls)), '');
  }
  const s = report.summary;
  const failed = failedWords(s);
  const parts = [
    c.green(`${s.passed} passed`),
    (s.failed ? c.red : c.dim)(failed),
    `${s.skipped} skipped`,
    (s.errored ? c.magenta : c.dim)(`${s.errored} errored`),
    plural(s.requests, 'request'),
    seconds(report.durationMs),
  ];
  if (s.known !== undefined) parts.push(c.yellow(`${s.known} known (baseline)`));
  if (s.fixed !== undefined) parts.push(c.green(`${s.fixed} fixed`));
  const left = leftRecords(report);
  if (left.length > 0)
    out.push(
      c.red.underline('left behind'),
      ...left.map((record) => `  ${c.red('✖')} ${withoutControls(leftText(record))}`),
      '',
    );
  const coverage = report.coverage;
  if (coverage && !options.quiet)
    out.push(c.underline('coverage'), ...coverage.areas.map((area) => `  ${withoutControls(areaLine(area))}`), '');
  const operations = operationsLine(coverage);
  if (operations && !options.quiet) {
    const rows = operationRows(coverage);
    const width = (pick: (row: (typeof rows)[number]) => string) =>
      Math.min(60, Math.max(0, ...rows.map((row) => pick(row).length)));
    const [w1, w2] = [width((row) => row.operation), width((row) => row.statuses)];
    out.push(
      c.underline('operations'),
      ...rows.map((row) =>
        withoutControls(
          `  ${row.operation.padEnd(w1)}  ${row.statuses === 'never exercised' ? c.dim(row.statuses) : row.statuses.padEnd(w2)}${row.unseen ? `  ${c.yellow(`never seen: ${row.unseen}`)}` : ''}`,
        ).trimEnd(),
      ),
      `  ${withoutControls(operations)}`,
      '',
    );
  }
  const notes = [transientLine(s), cleanupLine(report)].filter((note) => note !== undefined);
  if (notes.length > 0) out.push(...notes.map((note) => c.dim(note)));
  const score = scoreLine(coverage);
  if (score) out.push(c.bold(score));
  const reason = erroredReason(s.errored);
  out.push(parts.join(', ') + (reason ? ` — ${c.magenta(reason)}` : ''));
  return `${out.join('\n')}\n`;
};

// ---- lint -------------------------------------------------------------------------------------

const severityColour = (c: ChalkInstance, finding: LintFinding): string => {
  const name = lintSeverityName(finding.severity);
  return name === 'error' ? c.red(name) : name === 'warning' ? c.yellow(name) : c.blue(name);
};

// Columns are padded to their widest cell up to a cap, and messages wrap at the cap: one long
// message must not pad every line of a big report with spaces.
const CAPS = [10, 7, 24, 80];
const MESSAGE = 3;

// eslint-disable-next-line no-control-regex
const visible = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');
const pad = (cell: string, width: number): string => cell + ' '.repeat(Math.max(0, width - visible(cell).length));

/** Splits text into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const cut = space > width / 3 ? space : width;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

type State = 'counted' | 'known' | 'fixed';
const where = (finding: LintFinding): string => {
  const { line, column } = startPosition(finding);
  return finding.baseline === 'fixed' ? '-' : `${line}:${column}`;
};

interface Row {
  cells: string[];
  /** The message cell is a note (the count and places, a hint): dimmed, after wrapping. */
  note?: boolean;
}

function groupRows(
  c: ChalkInstance,
  group: FindingGroup<State>,
  urls?: ReadonlyMap<string, string>,
  changes = false,
): Row[] {
  const [first, ...others] = group.findings;
  const note = baselineNote(c, group.state);
  // As Spectral's --show-documentation-url: the link ends the finding's line.
  const url = urls?.get(group.code) ?? '';
  const rows: Row[] = [
    {
      cells: [
        c.dim(where(first!)),
        severityColour(c, first!),
        oneLine(group.code),
        oneLine(group.message),
        c.dim(oneLine(printPath(first!.path))),
        ...[note, url].filter(Boolean),
      ],
    },
  ];
  if (others.length > 0) {
    const shown = others
      .slice(0, SHOWN_LOCATIONS - 1)
      .map(where)
      .join(', ');
    const more = others.length - (SHOWN_LOCATIONS - 1);
    rows.push({
      cells: [
        '',
        '',
        '',
        `×${formatCount(group.findings.length)}: also at ${shown}${more > 0 ? ` and ${formatCount(more)} more (every one in --format json or sarif)` : ''}`,
      ],
      note: true,
    });
  }
  const hint = changes ? undefined : groupHint(group);
  if (hint) rows.push({ cells: ['', '', '', `hint: ${hint}`], note: true });
  return rows;
}

/** Rows with capped column widths; a message over its cap continues on lines of its own. */
function table(c: ChalkInstance, rows: Row[]): string[] {
  const widths = CAPS.map((cap, i) =>
    Math.min(cap, Math.max(0, ...rows.map((row) => visible(row.cells[i] ?? '').length))),
  );
  const out: string[] = [];
  for (const { cells, note } of rows) {
    // Messages and notes are plain text until wrapped; a note is dimmed line by line.
    const message = wrap(cells[MESSAGE] ?? '', widths[MESSAGE]!).map((line) => (note ? c.dim(line) : line));
    const head = cells.slice(0, MESSAGE).map((cell, i) => pad(cell, widths[i]!));
    out.push(` ${[...head, pad(message[0]!, widths[MESSAGE]!), ...cells.slice(MESSAGE + 1)].join('  ')}`.trimEnd());
    const indent = ' '.repeat(1 + head.reduce((n, cell) => n + visible(cell).length + 2, 0));
    for (const line of message.slice(1)) out.push(`${indent}${line}`.trimEnd());
  }
  return out;
}

function ruleTable(c: ChalkInstance, findings: readonly LintFinding[]): string[] {
  const rows = countByRule(findings);
  if (rows.length === 0) return [];
  const codeWidth = Math.max(4, ...rows.map((r) => r.code.length));
  const countWidth = Math.max(8, ...rows.map((r) => formatCount(r.count).length));
  return [
    c.bold(` ${'rule'.padEnd(codeWidth)}  ${'severity'.padEnd(8)}  ${'findings'.padStart(countWidth)}`),
    ...rows.map(
      (r) => ` ${r.code.padEnd(codeWidth)}  ${r.severity.padEnd(8)}  ${formatCount(r.count).padStart(countWidth)}`,
    ),
    '',
  ];
}

export const lintStylish: LintReporter = (report, options) => {
  const c = paint(options.color);
  const urls = documentationUrls(options);
  const listed: Array<{ finding: LintFinding; state: State }> = [
    ...report.findings.map((finding) => ({
      finding,
      state: (finding.baseline === 'known' ? 'known' : 'counted') as State,
    })),
    ...(report.fixed ?? []).map((finding) => ({ finding, state: 'fixed' as State })),
  ];
  const bySource = new Map<string, typeof listed>();
  // By line within a source; fixed entries (no position any more) last.
  const line = (item: (typeof listed)[number]) => (item.state === 'fixed' ? Infinity : item.finding.range.start.line);
  for (const item of [...listed].sort((a, b) => line(a) - line(b))) {
    const key = displaySource(item.finding.source, options.cwd);
    const items = bySource.get(key);
    if (items) items.push(item);
    else bySource.set(key, [item]);
  }
  const out: string[] = [];
  for (const [source, items] of [...bySource].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(
      c.underline(withoutControls(source)),
      ...table(
        c,
        groupFindings(items, options.changes ? 'message' : 'cause').flatMap((group) =>
          groupRows(c, group, urls, options.changes),
        ),
      ),
      '',
    );
  }
  out.push(...ruleTable(c, countedFindings(report)));
  const s = report.summary;
  const { problems, counts, extras } = lintSummaryParts(report, options.changes);
  const summary = `${problems ? '✖' : '✔'} ${counts}`;
  const colour = s.errors ? c.red : s.warnings ? c.yellow : c.green;
  const note = failOnNote(report, options.failOn);
  out.push(`${colour.bold(summary)} ${c.dim(extras.join(', '))}${note ? ` ${c.yellow(`— ${note}`)}` : ''}`);
  return `${out.join('\n')}\n`;
};
