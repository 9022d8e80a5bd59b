// Rewrites the rules table in README.md from `restguide rules` (run after `npm run build`).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderRulesMarkdown, ruleCatalogue } from '../dist/src/catalogue/rules.js';

const file = new URL('../README.md', import.meta.url);
const readme = readFileSync(file, 'utf8');
const start = '<!-- rules:start -->';
const end = '<!-- rules:end -->';
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} … ${end} markers`);
writeFileSync(file, `${readme.slice(0, from + start.length)}\n${renderRulesMarkdown(ruleCatalogue())}\n${readme.slice(to)}`);
