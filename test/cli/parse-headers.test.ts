// `check --header 'Name: value'`, read without the expression that backtracked over the white space
// after the colon when a line break followed it (40,000 tabs and a line break: 2.9 s). Proven equal
// to that expression on every argument of up to six characters from a table, then judged at once
// on a 120 kB argument (near Linux's limit for one).
import { describe, expect, it } from 'vitest';
import { parseHeaders } from '../../src/cli/check.js';
import { UsageError } from '../../src/core/util/errors.js';
import { sequences } from '../helpers/strings.js';

/** The expression as it was: [name, value], or undefined for an argument it refused. */
function before(value: string): [string, string] | undefined {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(value);
  return match?.[1] ? [match[1], match[2] ?? ''] : undefined;
}

/** [name, value], undefined for an argument refused with the usage message, or the error thrown otherwise. */
function now(value: string): [string, string] | undefined | unknown {
  try {
    return Object.entries(parseHeaders([value]))[0];
  } catch (error) {
    const refused =
      error instanceof UsageError && error.message === `--header must look like 'Name: value', not "${value}"`;
    return refused ? undefined : error;
  }
}

describe('--header', () => {
  it('reads what the old expression read, and refuses what it refused, on every argument of up to 6 characters', () => {
    let compared = 0;
    let accepted = 0;
    const differing: string[] = [];
    for (const value of sequences(['X', ':', ' ', '\u00a0', '\n', '\r', 'v', '\u2028'], 6)) {
      compared++;
      const expected = before(value);
      if (expected) accepted++;
      if (JSON.stringify(now(value)) !== JSON.stringify(expected) && differing.length < 10)
        differing.push(JSON.stringify(value));
    }
    expect(differing).toEqual([]);
    expect(compared).toBe(299_593);
    expect(accepted).toBeGreaterThan(5_000);
  });

  it('keeps the last of repeated names, and an empty value', () => {
    expect(parseHeaders(['Authorization: Bearer a b', 'X-Empty:', 'Authorization:Bearer c'])).toEqual({
      Authorization: 'Bearer c',
      'X-Empty': '',
    });
  });

  it('refuses a value on two lines at once, however much white space comes first', () => {
    const value = `X-Pad:${'\t'.repeat(120_000)}v\n`;
    expect(() => parseHeaders([value])).toThrow(UsageError);
    expect(parseHeaders([`X-Pad:${'\t'.repeat(120_000)}v`])).toEqual({ 'X-Pad': 'v' });
  });
});
