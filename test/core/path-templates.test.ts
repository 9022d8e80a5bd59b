// The `{name}` patterns of path templates and server URLs, and the line folding of terminal output,
// give what the plain patterns gave (every replace callback, match, split), without scanning a run
// of `{` or of white space once per start (64k of them: 2 s). Compared on every text of up to 8
// characters of a small alphabet; then runs of 256k are handled at once.
import { describe, expect, it } from 'vitest';
import {
  ANY_PARAMETERS,
  AROUND_PARAMETERS,
  LAST_PARAMETER,
  LAST_SEGMENT_PARAMETER,
  PARAMETERS,
} from '../../src/core/profile/path-templates.js';
import { oneLine } from '../../src/reporters/evidence-text.js';
import { sequences } from '../helpers/strings.js';

const shown = (m: RegExpExecArray | RegExpMatchArray | null): string => (m ? JSON.stringify([m.index, ...m]) : '-');
const replaced = (s: string, re: RegExp): string =>
  s.replace(re, (...args) => `<${JSON.stringify(args.slice(0, -1))}>`);

/** Each use, with the new pattern and the plain one it replaces. */
const USES: Array<[string, (s: string) => string, (s: string) => string]> = [
  ['PARAMETERS in replace', (s) => replaced(s, PARAMETERS), (s) => replaced(s, /\{([^}]+)\}/g)],
  [
    'PARAMETERS in matchAll',
    (s) => JSON.stringify([...s.matchAll(PARAMETERS)].map(shown)),
    (s) => JSON.stringify([...s.matchAll(/\{([^}]+)\}/g)].map(shown)),
  ],
  ['ANY_PARAMETERS in replace', (s) => replaced(s, ANY_PARAMETERS), (s) => replaced(s, /\{[^}]*\}/g)],
  ['LAST_PARAMETER', (s) => shown(LAST_PARAMETER.exec(s)), (s) => shown(/\{([^}]+)\}$/.exec(s))],
  ['LAST_SEGMENT_PARAMETER', (s) => shown(LAST_SEGMENT_PARAMETER.exec(s)), (s) => shown(/\/\{([^}]+)\}$/.exec(s))],
  [
    'AROUND_PARAMETERS in split',
    (s) => JSON.stringify(s.split(AROUND_PARAMETERS)),
    (s) => JSON.stringify(s.split(/(\{[^}]*\})/)),
  ],
];

describe('path template patterns', () => {
  for (const [name, ours, theirs] of USES) {
    it(`${name}: as the plain pattern, on every text of up to 8 of {, }, a and /`, () => {
      let compared = 0;
      const differing: string[] = [];
      for (const s of sequences(['{', '}', 'a', '/'], 8)) {
        compared++;
        if (ours(s) !== theirs(s) && differing.length < 5) differing.push(s);
      }
      expect(differing).toEqual([]);
      expect(compared).toBe((4 ** 9 - 1) / 3);
    });
  }

  it('oneLine folds as the plain pattern did, on every text of up to 7 of space, \\n, \\r, a and tab', () => {
    const differing: string[] = [];
    for (const s of sequences([' ', '\n', '\r', 'a', '\t'], 7)) {
      const plain = s.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?'); // eslint-disable-line no-control-regex
      if (oneLine(s) !== plain && differing.length < 5) differing.push(s);
    }
    expect(differing).toEqual([]);
  });

  it('handles runs of 256k { and of spaces at once', () => {
    const n = 256 * 1024;
    expect('{'.repeat(n).replace(PARAMETERS, '')).toHaveLength(n);
    expect(`${'{'.repeat(n)}id}`.replace(PARAMETERS, 'x')).toBe('x'); // as '{{{id}'.replace(/\{([^}]+)\}/g, 'x')
    expect(LAST_PARAMETER.exec(`/a/${'{'.repeat(n)}`)).toBeNull();
    expect(LAST_SEGMENT_PARAMETER.exec(`${'/{'.repeat(n)}`)).toBeNull();
    expect(`a${' '.repeat(n)}b`.length).toBe(oneLine(`a${' '.repeat(n)}b`).length);
    expect(oneLine(`a${' '.repeat(n)}\nb`)).toBe('a b');
  });
});
