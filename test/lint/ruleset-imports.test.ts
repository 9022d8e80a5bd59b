// The published ruleset (`restguide/ruleset`, rulesets/spectral.ts) runs inside Spectral: what it loads at run
// time stays within rulesets/, the lint engine and the OpenAPI reader, never the check engine of src/core; of
// src/core only the guide's link (guide-anchor.ts, a leaf below both, which imports nothing).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Runtime imports only: `import type` and `export type` are erased.
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function runtimeGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0 && seen.size < 1000) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      queue.push(resolve(dirname(file), (match[1] as string).replace(/\.js$/, '.ts')));
    }
  }
  return [...seen].map((file) => relative(root, file));
}

describe('the published ruleset', () => {
  it('loads nothing of src/core at run time', () => {
    const files = runtimeGraph(resolve(root, 'rulesets/spectral.ts'));
    expect(files).toContain('rulesets/belgif.ts');
    expect(files.filter((file) => file.startsWith('src/core/'))).toEqual(['src/core/report/guide-anchor.ts']);
    expect(readFileSync(resolve(root, 'src/core/report/guide-anchor.ts'), 'utf8')).not.toMatch(
      new RegExp(RUNTIME_IMPORT.source, 'm'),
    );
  });
});
