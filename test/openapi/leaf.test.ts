import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../src/openapi/', import.meta.url);

describe('the OpenAPI reader', () => {
  it('is a leaf: it imports only node, packages and itself (the ruleset uses it without core or lint)', () => {
    const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    const imports = files.flatMap((name) =>
      [...readFileSync(new URL(name, folder), 'utf8').matchAll(/^import [^;]*? from '([^']+)';$/gm)].map(
        (match) => `${name}: ${match[1]}`,
      ),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => /: \.\.\//.test(line))).toEqual([]);
  });
});
