import { erroredReason } from '../core/engine/summary.js';
import type { CheckResult, Coverage, Severity } from '../core/report/types.js';
import { operationsLine } from './operations-table.js';
import type { CheckReporter, LintReporter } from './render-options.js';
import { cleanupLine, failedWords, leftRecords, leftText, scoreLine, transientLine } from './run-notes.js';
import {
  countedFindings,
  displaySource,
  lintSeverityName,
  lintSummaryParts,
  printPath,
  startPosition,
} from './lint-severity.js';
import { groupFindings, groupHint, SHOWN_LOCATIONS, type FindingGroup } from './lint-groups.js';

// GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
type Command = 'error' | 'warning' | 'notice';
const COMMANDS: Record<Severity | 'hint', Command> = {
  error: 'error',
  warning: 'warning',
  info: 'notice',
  hint: 'notice',
};

/** The message part: `%`, CR and LF are encoded (as @actions/core does). */
export const escapeData = (text: string): string =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A property value: also `:` and `,`, which would end the value. */
export const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

const annotation = (command: Command, properties: Array<[string, string | number]>, message: string): string =>
  `::${command} ${properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',')}::${escapeData(message)}`;

function checkAnnotation(result: CheckResult): string {
  const curl = result.evidence[0]?.curl;
  const message = curl ? `${result.message}\n${curl}` : result.message;
  // A check that broke fails the gate like a finding: it could not verify its rule.
  if (result.status === 'error')
    return annotation('error', [['title', `${result.id} ${result.resource}`]], `check errored: ${message}`);
  return annotation(COMMANDS[result.severity], [['title', `${result.id} ${result.resource}`]], message);
}

/** Operations named in the coverage notice; the markdown report (`-f markdown`, for the step summary) has them all. */
const NAMED_OPERATIONS = 10;

/**
 * Coverage per operation in one `::notice` (an annotation holds no table): the figures, then the operations never
 * exercised with why, the first few.
 */
function operationsNotice(coverage: Coverage | undefined): string | undefined {
  const line = operationsLine(coverage);
  if (!line) return undefined;
  const never = (coverage?.operations ?? []).filter((o) => o.exchanges === 0);
  const named = never
    .slice(0, NAMED_OPERATIONS)
    .map((o) => `${o.method} ${o.path}${o.why ? ` (${o.why})` : ''}`)
    .join('\n');
  const more = never.length > NAMED_OPERATIONS ? `\nand ${never.length - NAMED_OPERATIONS} more` : '';
  return annotation(
    'notice',
    [['title', 'restguide coverage per operation']],
    `${line}${never.length > 0 ? `\nnever exercised:\n${named}${more}` : ''}`,
  );
}

/** One line per counted failure and errored check, then the summary; passes, skips and known baseline results stay quiet. */
export const checkGithub: CheckReporter = (report) => {
  const lines = report.results
    .filter((result) => (result.status === 'fail' || result.status === 'error') && result.baseline === undefined)
    .map(checkAnnotation);
  for (const record of leftRecords(report))
    lines.push(annotation('error', [['title', 'restguide cleanup: record left behind']], leftText(record)));
  const operations = operationsNotice(report.coverage);
  if (operations) lines.push(operations);
  const s = report.summary;
  const reason = erroredReason(s.errored);
  const notes = [scoreLine(report.coverage), transientLine(s), cleanupLine(report)]
    .filter((note) => note !== undefined)
    .map((note) => `; ${note}`)
    .join('');
  lines.push(
    annotation(
      'notice',
      [['title', 'restguide check']],
      `${s.passed} passed, ${failedWords(s)}, ${s.skipped} skipped, ${s.errored} errored${reason ? `: ${reason}` : ''}${notes}`,
    ),
  );
  return `${lines.join('\n')}\n`;
};

/**
 * One annotation per cause in a file (a diff: per change), at its first place, with the count and the next
 * places: GitHub shows only the first few annotations of a step, and 60 copies of one cause would hide the rest.
 */
function groupAnnotation(group: FindingGroup<'counted'>, cwd: string | undefined, changes: boolean): string {
  const [first, ...others] = group.findings;
  const finding = first!;
  const { line, column } = startPosition(finding);
  const lines = [`${finding.message} (${printPath(finding.path)})`];
  if (others.length > 0) {
    const shown = others.slice(0, SHOWN_LOCATIONS - 1).map((f) => `line ${startPosition(f).line}`);
    const more = others.length - shown.length;
    lines.push(
      `×${group.findings.length}: also at ${shown.join(', ')}${more > 0 ? ` and ${more} more (every one in --format json or sarif)` : ''}`,
    );
  }
  const hint = changes ? undefined : groupHint(group);
  if (hint) lines.push(`hint: ${hint}`);
  return annotation(
    COMMANDS[lintSeverityName(finding.severity)],
    [
      ['file', displaySource(finding.source, cwd)],
      ['line', line],
      ['col', column],
      ['endLine', finding.range.end.line + 1],
      ['endColumn', finding.range.end.character + 1],
      ['title', finding.code],
    ],
    lines.join('\n'),
  );
}

/** Counted findings, one annotation per cause at its file, line and column (relative to the workspace), then the summary. */
export const lintGithub: LintReporter = (report, options) => {
  const changes = options.changes === true;
  const items = countedFindings(report).map((finding) => ({ finding, state: 'counted' as const }));
  // A diff annotates each change where it is, as before causes were grouped.
  const groups: Array<FindingGroup<'counted'>> = changes
    ? items.map(({ finding, state }) => ({ code: finding.code, message: finding.message, state, findings: [finding] }))
    : groupFindings(items);
  const lines = groups.map((group) => groupAnnotation(group, options.cwd, changes));
  const count = report.sources.length;
  const documents = `${count} document${count === 1 ? '' : 's'}`;
  if (lines.length) {
    // A diff's annotations are its changes, each its own: no summary to add.
    if (!changes) {
      const { counts, extras } = lintSummaryParts(report);
      lines.push(
        annotation('notice', [['title', 'restguide lint']], `${counts} in ${documents}, ${extras.join(', ')}`),
      );
    }
    return `${lines.join('\n')}\n`;
  }
  const extras = [
    report.summary.ignored ? `${report.summary.ignored} ignored` : '',
    report.summary.known ? `${report.summary.known} known (baseline)` : '',
  ].filter(Boolean);
  return `${annotation('notice', [['title', 'restguide lint']], `nothing to report in ${documents}${extras.length ? ` (${extras.join(', ')})` : ''}`)}\n`;
};
