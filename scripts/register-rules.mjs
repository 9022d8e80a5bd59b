// Rewrites rulesets/rules/index.ts: the registry of the lint rules, one import per rule file
// (rulesets/rules/<area>/<code>.ts), sorted by code. Files under <area>/support/ are helpers, not rules;
// define.ts, documents.ts and index.ts beside the areas are the rules' shared code. A test catches drift.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../rulesets/rules/', import.meta.url).pathname;
const camel = (code) => code.replace(/-([a-z0-9])/g, (_m, c) => c.toUpperCase());
const rules = [];
for (const area of readdirSync(root).sort()) {
  if (!statSync(join(root, area)).isDirectory()) continue;
  for (const file of readdirSync(join(root, area))) {
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) rules.push({ area, code: file.slice(0, -3) });
  }
}
rules.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
const lines = [
  '// The registry: every lint rule file, sorted by code. A test keeps it in step with rulesets/rules/<area>/.',
  '// Regenerate with `node scripts/register-rules.mjs` after adding a rule file.',
  "import type { LintRule } from './define.js';",
  ...rules.map(({ area, code }) => `import { rule as ${camel(code)} } from './${area}/${code}.js';`),
  '',
  'export const RULES: readonly LintRule[] = [',
  ...rules.map(({ code }) => `  ${camel(code)},`),
  '];',
  '',
  '/** Where each rule file is, by code: `<area>/<code>`. */',
  'export const RULE_FILES: Readonly<Record<string, string>> = {',
  ...rules.map(({ area, code }) => `  '${code}': '${area}/${code}',`),
  '};',
  '',
];
writeFileSync(join(root, 'index.ts'), lines.join('\n'));
console.log(`${rules.length} lint rules registered`);
