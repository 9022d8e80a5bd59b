// docs/architecture.md, read once for the tests that hold it to the tree and follow its steps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './ci-runner.js';

export const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The text of one `## ` section, up to the next one. */
export function section(title: string): string {
  const start = page.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no section "${title}"`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}
