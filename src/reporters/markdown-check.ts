// `restguide check -f markdown`: for a GitHub job's step summary (`-o "$GITHUB_STEP_SUMMARY"`) or a merge-request
// note. The verdict, the failures (a fault folded across resources once), then coverage per area and per operation
// as tables, which annotations cannot hold. Text from the API is escaped, as in the diff comment.
import type { CheckResult } from '../core/report/types.js';
import type { CheckReporter } from './render-options.js';
import { mdCode, mdMessage } from './markdown.js';
import { operationRows, operationsLine } from './operations-table.js';
import { areaLine, checkSummaryLine, leftRecords, leftText } from './run-notes.js';
import { checkVerdict } from './verdict.js';

const MARK = { error: '❌', warning: '⚠️', info: 'ℹ️' } as const;

/**
 * Our own sentences, which may quote the API (a reason, a URL): what could make markup, a link or HTML escaped,
 * parentheses and `×` left as they read (a link needs the escaped `]`).
 */
const plain = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~#!]/g, (ch) => (ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : `\\${ch}`));

/** A table cell: one line, escaped, never empty. */
const cell = (text: string): string => plain(text) || ' ';

function failureItem(result: CheckResult, urls: ReadonlyMap<string, string>): string {
  const url = urls.get(result.id);
  const id = url ? `[${mdCode(result.id)}](${url})` : mdCode(result.id);
  const more = result.resources && result.resources.length > 1 ? ` (+${result.resources.length - 1} more)` : '';
  const mark = result.status === 'error' ? '💥 errored' : `${MARK[result.severity]} ${result.severity}`;
  return `- ${mark} ${id} ${mdCode(result.resource)}${more}: ${mdMessage(result.message)}`;
}

export const checkMarkdown: CheckReporter = (report, options) => {
  const verdict = checkVerdict(report, options.failOn, options.exitCode);
  const urls = new Map((options.rules ?? []).map((rule) => [rule.id, rule.url]));
  const out = [
    `## restguide check ${mdCode(report.target)}`,
    '',
    `**${verdict.passed ? '✅' : '❌'} ${plain(verdict.headline)}**: ${plain(verdict.reason)}`,
    '',
    plain(checkSummaryLine(report)),
    '',
  ];
  const left = leftRecords(report);
  if (left.length > 0)
    out.push(
      `### Records left behind (${left.length})`,
      '',
      ...left.map((record) => `- ${plain(leftText(record))}`),
      '',
    );
  const failing = report.results.filter((r) => (r.status === 'fail' || r.status === 'error') && !r.baseline);
  if (failing.length > 0)
    out.push(`### Failures (${failing.length})`, '', ...failing.map((r) => failureItem(r, urls)), '');
  const areas = report.coverage?.areas ?? [];
  if (areas.length > 0) out.push('### Coverage per area', '', ...areas.map((area) => `- ${plain(areaLine(area))}`), '');
  const operations = operationsLine(report.coverage);
  if (operations) {
    out.push('### Coverage per operation', '', plain(operations), '');
    out.push('| operation | statuses seen | declared, never seen |', '|---|---|---|');
    for (const row of operationRows(report.coverage))
      out.push(`| ${mdCode(row.operation)} | ${cell(row.statuses)} | ${cell(row.unseen)} |`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
};
