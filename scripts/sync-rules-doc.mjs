// Rewrites the generated part of docs/rules.md from `restguide rules` (run after `npm run build`):
// one table per kind (checks, lint rules, diff findings), each under its heading with its count.
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
