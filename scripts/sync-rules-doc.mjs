// Rewrites the generated part of docs/rules.md from `restguide rules` (run after `npm run build`):
// one table per kind (checks, lint rules, diff findings), each under its heading with its count;
// and the tally docs/rules-command.md quotes.
// test/cli/rules.test.ts builds the same text from the sources and fails when the page is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderRulesMarkdown, ruleCatalogue } from '../dist/src/catalogue/rules.js';

const KINDS = [
  ['check', 'Checks', 'checks', '`restguide check`'],
  ['lint', 'Lint rules', 'lint rules', '`restguide lint`'],
  ['diff', 'Diff findings', 'diff finding kinds', '`restguide diff`'],
];

const rules = ruleCatalogue();
const section = KINDS.map(([kind, heading, noun, command]) => {
  const rows = rules.filter((rule) => rule.kind === kind);
  return `## ${heading}\n\n${rows.length} ${noun} of ${command}.\n\n${renderRulesMarkdown(rows)}\n`;
}).join('\n');

const file = new URL('../docs/rules.md', import.meta.url);
const page = readFileSync(file, 'utf8');
const start = '<!-- rules:start -->';
const end = '<!-- rules:end -->';
const from = page.indexOf(start);
const to = page.indexOf(end);
if (from < 0 || to < from) throw new Error(`docs/rules.md lacks the ${start} … ${end} markers`);
writeFileSync(file, `${page.slice(0, from + start.length)}\n${section}${page.slice(to)}`);

// The tally `restguide rules` ends with, as docs/rules-command.md quotes it.
const count = (kind) => rules.filter((rule) => rule.kind === kind).length;
const tally = `${count('check')} checks, ${count('lint')} lint rules, ${count('diff')} diff findings`;
const command = new URL('../docs/rules-command.md', import.meta.url);
const quoted = readFileSync(command, 'utf8');
const pattern = /`\d+ checks, \d+ lint rules, \d+ diff findings`/;
if (!pattern.test(quoted))
  throw new Error('docs/rules-command.md lacks the tally `N checks, N lint rules, N diff findings`');
writeFileSync(command, quoted.replace(pattern, `\`${tally}\``));
