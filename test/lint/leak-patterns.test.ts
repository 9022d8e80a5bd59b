// The lint's scans of documentation texts and path keys find what the patterns they replace found,
// in one pass over each run of text: `com.a.b…` or SELECTs without a FROM (oas-doc) and a version of
// many `${` (api-version) were quadratic or worse in the old patterns (a 256 kB description: 22 s).
// uri-extens reads a path key's last segment only, in one pass, also on a 64 kB key of dots. Compared on every sequence of a
// table of tokens and on seeded random texts; then long texts of those runs are judged at once.
import { describe, expect, it } from 'vitest';
import { LEAKS, implementationLeak } from '../../rulesets/functions/documentation.js';
import { fileExtension } from '../../rulesets/functions/paths.js';
import { hasPlaceholder } from '../../rulesets/rules/document/api-version-format.js';
import { randomSequences, sequences } from '../helpers/strings.js';

/** The patterns as they were. */
const OLD = {
  className: /\b(?:com|org|net|be|io|eu|java|javax|jakarta)(?:\.[a-z_][a-z0-9_]*)+\.[A-Z][A-Za-z0-9_$]*\b/,
  sql: /\bSELECT\b[^.;]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE FROM\b/,
  placeholder: /\$\{[^}]+\}/,
};
const pattern = (what: string): RegExp => (LEAKS.find(([name]) => name === what) as [string, RegExp])[1];
const found = (re: RegExp, s: string): string => {
  const m = re.exec(s);
  return m ? `${m.index}:${m[0]}` : '-';
};

/** Texts over `tokens`: all sequences of up to `max`, and 3,000 random ones of 5 to 80 tokens. */
function compare(
  tokens: string[],
  max: number,
  ours: (s: string) => unknown,
  theirs: (s: string) => unknown,
): { compared: number; hits: number; differing: string[] } {
  let compared = 0;
  let hits = 0;
  const differing: string[] = [];
  const one = (s: string) => {
    compared++;
    const expected = theirs(s);
    if (expected !== '-' && expected !== false) hits++;
    if (ours(s) !== expected && differing.length < 5) differing.push(s);
  };
  for (const s of sequences(tokens, max)) one(s);
  for (const s of randomSequences(tokens, 3_000, 5, 80)) one(s);
  return { compared, hits, differing };
}

describe('oas-doc, uri-extens, api-version scans', () => {
  it('a class name: the first match is where and what the old pattern found', () => {
    const result = compare(
      ['com', 'java', '.', 'X', 'a', '_', ' ', '1'],
      6,
      (s) => found(pattern('a class name'), s),
      (s) => found(OLD.className, s),
    );
    expect(result.differing).toEqual([]);
    expect(result.hits).toBeGreaterThan(100); // both answers are exercised
  });

  it('an SQL statement: the first match is where and what the old pattern found', () => {
    const result = compare(
      ['SELECT', 'FROM', ' ', '.', ';', 'x', 'UPDATE', 'SET'],
      6,
      (s) => found(pattern('an SQL statement'), s),
      (s) => found(OLD.sql, s),
    );
    expect(result.differing).toEqual([]);
    expect(result.hits).toBeGreaterThan(100); // both answers are exercised
  });

  it('a ${placeholder} in a version: as the old pattern decides', () => {
    const result = compare(['$', '{', '}', 'a', '${'], 8, hasPlaceholder, (s) => OLD.placeholder.test(s));
    expect(result.differing).toEqual([]);
    expect(result.hits).toBeGreaterThan(10_000);
  });

  it('judges long runs the old patterns took seconds to minutes over', () => {
    const n = 64 * 1024;
    expect(implementationLeak('com.'.repeat(n))).toBeUndefined();
    expect(implementationLeak(`${'com.a'.repeat(n)}.Widget`)).toMatch(/^a class name/);
    expect(implementationLeak('SELECT '.repeat(n))).toBeUndefined();
    expect(implementationLeak(`${'SELECT '.repeat(n)}FROM`)).toMatch(/^an SQL statement/);
    expect(fileExtension('a'.repeat(4 * n))).toBeUndefined();
    expect(fileExtension(`${'a.'.repeat(n)}/`)).toBeUndefined();
    expect(fileExtension(`/things${'a.'.repeat(n)}json`)).toBe('json');
    expect(fileExtension(`/things${'.'.repeat(n)}json`)).toBeUndefined();
    expect(hasPlaceholder('${'.repeat(n))).toBe(false);
    expect(hasPlaceholder(`${'${'.repeat(n)}x}`)).toBe(true);
  });
});
