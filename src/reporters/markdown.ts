// `restguide diff -f markdown`: a pull-request comment. One summary line a reviewer reads first, the
// breaking changes with where they are in both documents, then the rest folded away. Text from the
// documents is escaped, so a description cannot inject markup, links or HTML into the comment.
import type { LintFinding } from '../core/report/types.js';
import type { DiffFinding, DiffLocation, DiffReport } from '../diff/types.js';
import type { LintReporter } from './render-options.js';
import { countedFindings, displaySource, lintSeverityName, printPath } from './lint-severity.js';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Inline text: one line, Markdown and HTML specials escaped. */
export const mdText = (text: string): string => escapeInline(text.replace(/\s+/g, ' ').trim());

const escapeInline = (text: string): string =>
  text.replace(/[\\`*_{}[\]()<>#+!|~]/g, (ch) => (ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : `\\${ch}`));

/** A code span that holds any text: a fence longer than the longest run of backticks inside. */
export const mdCode = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
};

/** A finding's message: its `quoted` names as code spans (as the diff writes them), the rest escaped text. */
export const mdMessage = (message: string): string =>
  message
    .replace(/\s+/g, ' ')
    .trim()
    .split(/`([^`]+)`/)
    .map((part, i) => (i % 2 === 1 ? mdCode(part) : escapeInline(part)))
    .join('');

type Finding = LintFinding & Partial<DiffFinding>;

const where = (at: DiffLocation | undefined, cwd: string | undefined): string | undefined =>
  at && `${mdCode(displaySource(at.source, cwd))} line ${at.range.start.line + 1}`;

const MARK = { error: '❌', warning: '⚠️', info: 'ℹ️', hint: 'ℹ️' } as const;

function item(finding: Finding, urls: ReadonlyMap<string, string>, cwd: string | undefined): string {
  const url = urls.get(finding.code);
  const code = url ? `[${mdCode(finding.code)}](${url})` : mdCode(finding.code);
  const severity = lintSeverityName(finding.severity);
  const at = [`at ${mdCode(printPath(finding.path) || '(document)')}`];
  const newAt = where(finding.new, cwd);
  const oldAt = where(finding.old, cwd);
  if (newAt) at.push(`new: ${newAt}`);
  if (oldAt)
    at.push(
      `old: ${oldAt}${finding.old && printPath(finding.old.path) !== printPath(finding.path) ? ` ${mdCode(printPath(finding.old.path))}` : ''}`,
    );
  const known = finding.baseline === 'known' ? ' (known: in the baseline)' : '';
  // The message ends with its old location for the terminal; here the line below says it.
  const message = finding.old ? finding.message.replace(/ \[old: [^\]]*\]$/, '') : finding.message;
  return `- ${MARK[severity]} ${code} ${mdMessage(message)}${known}  \n  ${at.join('; ')}`;
}

/**
 * The whole diff, also compatible changes (folded), whatever --verbose says: a comment is read once.
 * The summary line says whether the gate fails and at which --fail-on, as the exit code does.
 */
export const diffMarkdown: LintReporter = (lintReport, options) => {
  const report = lintReport as DiffReport;
  const urls = new Map((options.rules ?? []).map((rule) => [rule.id, rule.url]));
  const findings = report.findings as Finding[];
  const breaking = findings.filter((f) => f.breaking === true);
  const rest = findings.filter((f) => f.breaking !== true);
  const counted = countedFindings(report);
  const failOn = options.failOn ?? 'warning';
  const threshold = { error: 0, warning: 1, info: 2 }[failOn];
  const failing =
    options.exitCode === undefined ? counted.some((f) => f.severity <= threshold) : options.exitCode !== 0;
  const side = (s: DiffReport['old'] | undefined) =>
    s ? `${mdCode(displaySource(s.source, options.cwd))}${s.version ? ` (${mdText(s.version)})` : ''}` : '?';
  const counts = [
    plural(breaking.length, 'breaking change'),
    plural(rest.filter((f) => f.severity <= 1).length, 'warning'),
    plural(rest.filter((f) => f.severity > 1).length, 'compatible change'),
  ];
  const extras = [
    report.ignored.length ? `${report.ignored.length} ignored (x-ignore-rules)` : '',
    report.summary.known ? `${report.summary.known} known (baseline)` : '',
  ].filter(Boolean);
  const verdict = failing ? `❌ fails the gate (--fail-on ${failOn})` : `✅ passes the gate (--fail-on ${failOn})`;
  const major = report.majorChanged ? '; the major version changed, so breaking changes are expected' : '';
  const out = [
    `**restguide diff** ${side(report.old)} → ${side(report.new)}: ${verdict}: ${counts.join(', ')}${extras.length ? `, ${extras.join(', ')}` : ''}${major}`,
    '',
  ];
  if (breaking.length)
    out.push(`### Breaking changes (${breaking.length})`, '', ...breaking.map((f) => item(f, urls, options.cwd)), '');
  else out.push('No breaking change.', '');
  if (rest.length) {
    out.push(
      `<details><summary>${plural(rest.length, 'other change')}</summary>`,
      '',
      ...rest.map((f) => item(f, urls, options.cwd)),
      '',
      '</details>',
      '',
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
};
