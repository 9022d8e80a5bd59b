// problem.no-leaks scans error bodies of up to 1 MiB from a server nobody here wrote. Its stack
// trace, exception class and host name patterns could start at each place of one run and scan the
// rest of the run from there: a body of `at x(`, of new lines, of `java.` or of a long hyphenated
// name took minutes. They now find what the old ones found, where they found it, in one pass:
// compared on every sequence of a table of tokens and on seeded random bodies; then 256 KiB bodies
// of those runs are judged at once.
import { describe, expect, it } from 'vitest';
import { BODY_LEAKS } from '../../../src/checks/problem/no-leaks.js';
import { randomSequences, sequences } from '../../helpers/strings.js';

const OLD: Record<string, RegExp> = {
  'a stack trace':
    /\bat [\w$.<>]+\s?\([^)]*:\d+(:\d+)?\)|\bat (?:[\w$]+\.)+[\w$<>]+\((?:[\w$]+\.java|Native Method|Unknown Source)|Traceback \(most recent call last\)|\bFile "[^"]+", line \d+|\n\s+at\s+\S+\s+\(/,
  'an exception class':
    /\b(?:java|javax|jakarta|org|com|System)\.[\w.]*(?:Exception|Error)\b|\b\w+(?:Exception|Error): /,
  'an internal host name or address':
    /\b(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})\b|\b[\w-]+\.(?:internal|local|corp|intra|lan)\b/,
};
const TOKENS: Record<string, string[]> = {
  'a stack trace': ['at ', 'x', '(', ')', ':1', '\n', ' ', '.'],
  'an exception class': ['java', 'org', '.', 'Error', 'Exception', 'x', ' ', ': '],
  'an internal host name or address': ['a', '-', '.', 'lan', 'local', ' ', '_', '10'],
};
const ours = (what: string): RegExp => (BODY_LEAKS.find(([name]) => name === what) as [string, RegExp])[1];
/** What the check reports of a match: where it is (the excerpt starts 20 before) and that there is one. */
const found = (re: RegExp, s: string): string => {
  const m = re.exec(s);
  return m ? `${m.index}:${m[0]}` : '-';
};

describe('problem.no-leaks body patterns', () => {
  for (const what of Object.keys(OLD)) {
    it(`${what}: the first match is where and what the old pattern found`, () => {
      let compared = 0;
      let hits = 0;
      const differing: string[] = [];
      const tokens = TOKENS[what] as string[];
      for (const s of [...sequences(tokens, 6), ...randomSequences(tokens, 3_000, 5, 80)]) {
        compared++;
        const expected = found(OLD[what] as RegExp, s);
        if (expected !== '-') hits++;
        if (found(ours(what), s) !== expected && differing.length < 5) differing.push(s);
      }
      expect(differing).toEqual([]);
      expect(compared).toBe((8 ** 7 - 1) / 7 + 3_000);
      expect(hits).toBeGreaterThan(100); // both answers are exercised
    });
  }

  it('judges 256 KiB bodies of the runs the old patterns took minutes over', () => {
    const n = 64 * 1024;
    expect(ours('a stack trace').test('\n'.repeat(4 * n))).toBe(false);
    expect(ours('a stack trace').test('at x('.repeat(n))).toBe(false);
    expect(ours('a stack trace').test(`${'at x('.repeat(n)}Main.java:12)`)).toBe(true);
    expect(ours('an exception class').test('java.'.repeat(n))).toBe(false);
    expect(ours('an exception class').test(`${'java.'.repeat(n)}IOException`)).toBe(true);
    expect(ours('an internal host name or address').test('a-'.repeat(2 * n))).toBe(false);
    expect(ours('an internal host name or address').test(`${'a-'.repeat(2 * n)}.corp`)).toBe(true);
  });
});
