// bearerChallenge reads the auth-params of a Bearer challenge; its parameter separator was written
// without two `\s*` side by side (see challenge.ts): same params, linear on long white space.
import { describe, expect, it } from 'vitest';
import { bearerChallenge } from '../../../src/checks/auth/support/challenge.js';
import { sequences } from '../../helpers/strings.js';

/** The reading as it was, with the separator `\s*,?\s*`. */
function before(header: string): Record<string, string> | undefined {
  const at = /(?:^|,)\s*Bearer(?=\s|,|$)/i.exec(header);
  if (!at) return undefined;
  const params: Record<string, string> = {};
  const rest = header.slice(at.index + at[0].length);
  const param = /\s*,?\s*([A-Za-z0-9_.-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^,\s]*)/y;
  for (let match = param.exec(rest); match; match = param.exec(rest)) {
    params[match[1]!.toLowerCase()] = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : match[2]!;
  }
  return params;
}

describe('bearerChallenge', () => {
  it('reads every header of up to 6 tokens after "Bearer" as before', () => {
    let compared = 0;
    for (const tail of sequences([' ', ',', 'a', '=', '"', '\\', 'B'], 6)) {
      for (const header of [`Bearer${tail}`, `Basic x, Bearer${tail}`]) {
        expect(bearerChallenge(header), JSON.stringify(header)).toEqual(before(header));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200_000);
  });

  it('reads the params of a real challenge', () => {
    expect(
      bearerChallenge('Bearer realm="api", error="invalid_token", error_description="The token \\"x\\" expired"'),
    ).toEqual({ realm: 'api', error: 'invalid_token', error_description: 'The token "x" expired' });
    expect(bearerChallenge('Basic realm="x"')).toBeUndefined();
  });

  // Before, the separator split the run of spaces every way before giving up: 0.2 s at 16 kB, 6 s at 64 kB.
  it('reads a header with a long run of white space at once', () => {
    expect(bearerChallenge(`Bearer${' '.repeat(65_536)}!`)).toEqual({});
    expect(bearerChallenge(`Bearer${' '.repeat(65_536)}error="x"`)).toEqual({ error: 'x' });
  }, 10_000);
});
