// Rewrites src/checks/index.ts: the explicit registry, one import per check file, sorted by id.
// Files under src/checks/<area>/support/ and src/checks/support/ (helpers of several areas) are not
// checks. The registry test catches drift.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../src/checks/', import.meta.url).pathname;
const camel = (id) => id.replace(/[.-]([a-z0-9])/g, (_m, c) => c.toUpperCase());
const ids = [];
for (const area of readdirSync(root).sort()) {
  if (area === 'support' || !statSync(join(root, area)).isDirectory()) continue;
  for (const file of readdirSync(join(root, area))) {
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) ids.push(`${area}.${file.slice(0, -3)}`);
  }
}
ids.sort();
const lines = [
  '// The registry: every check, sorted by id. A test keeps it in step with the files under src/checks/<area>/.',
  '// Regenerate with `node scripts/register-checks.mjs` after adding a check file.',
  "import type { AnyCheck } from '../core/engine/define-check.js';",
  ...ids.map((id) => `import ${camel(id)} from './${id.replace('.', '/')}.js';`),
  '',
  'export const CHECKS: readonly AnyCheck[] = [',
  ...ids.map((id) => `  ${camel(id)},`),
  '];',
  '',
];
writeFileSync(join(root, 'index.ts'), lines.join('\n'));
console.log(`${ids.length} checks registered`);
