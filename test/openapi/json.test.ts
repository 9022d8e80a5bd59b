import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asArray, entries, isObject } from '../../src/openapi/json.js';

const root = new URL('../../', import.meta.url).pathname;
const sources = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));

describe('the shared JSON guards', () => {
  it('tell plain objects from arrays, null and scalars', () => {
    expect([{}, { a: 1 }, [], null, undefined, 'x', 1].map(isObject)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(asArray([1])).toEqual([1]);
    expect(asArray({ 0: 1 })).toEqual([]);
    expect(entries({ a: 1 })).toEqual([['a', 1]]);
    expect(entries([1])).toEqual([]);
  });

  it('are defined once under src/ and rulesets/, and lint reads them from there, not from the ruleset', () => {
    const files = [...sources('src'), ...sources('rulesets')];
    const defining = files.filter((file) =>
      /(?:const|function) isObject\b/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(defining).toEqual(['src/openapi/json.ts']);
    const lintOnRuleset = sources('src/lint').filter((file) =>
      readFileSync(join(root, file), 'utf8').includes('rulesets/support/json'),
    );
    expect(lintOnRuleset).toEqual([]);
  });
});
