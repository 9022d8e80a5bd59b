// Every check, lint rule and diff finding kind as rows for `restguide rules` and the README table.
import type { RuleInfo } from '../core/report/types.js';
import { diffRuleInfos } from '../diff/kinds.js';
import { lintRuleInfos } from '../lint/rule-infos.js';
import { checkRuleInfos } from './check-rules.js';

/** Checks first, then lint rules, then diff finding kinds, each sorted by id. */
export function ruleCatalogue(): RuleInfo[] {
  return [...checkRuleInfos(), ...lintRuleInfos(), ...diffRuleInfos()];
}

/** Aligned columns for a terminal. */
export function renderRulesText(rules: readonly RuleInfo[]): string {
  const header = ['KIND', 'ID', 'GUIDE RULE', 'SEVERITY', 'WRITES', 'DESCRIPTION', 'LINK'];
  const rows = rules.map((r) => [
    r.kind,
    r.id,
    r.rule,
    r.severity,
    r.writes ? 'yes' : 'no',
    oneLine(r.description),
    r.url,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  // The last two columns are not padded: descriptions vary a lot and links end the line.
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 5 ? cell.padEnd(widths[i]!) : cell))
      .join('  ')
      .trimEnd();
  const checks = rules.filter((r) => r.kind === 'check').length;
  const diffs = rules.filter((r) => r.kind === 'diff').length;
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return `${[line(header), ...rows.map(line)].join('\n')}\n\n${count(checks, 'check')}, ${count(rules.length - checks - diffs, 'lint rule')}, ${count(diffs, 'diff finding')}\n`;
}

/** A Markdown table, the one the README carries between its `rules` markers. */
export function renderRulesMarkdown(rules: readonly RuleInfo[]): string {
  const escape = (text: string) => oneLine(text).replace(/\|/g, '\\|');
  const rows = rules.map(
    (r) =>
      `| ${r.kind} | \`${r.id}\` | [${r.rule}](${r.url}) | ${r.severity} | ${r.writes ? 'yes' : 'no'} | ${escape(r.description)} |`,
  );
  return [
    '| kind | id | guide rule | severity | writes | what it verifies |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
