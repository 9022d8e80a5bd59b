// Trimming trailing slashes from URLs and paths (a server's links, base URLs) gives what
// `replace(/\/+$/, '')` gave, without that pattern's quadratic scan of a run of slashes not at the end.
import { describe, expect, it } from 'vitest';
import { withoutTrailingSlashes } from '../../src/core/profile/trailing-slashes.js';
import { sequences } from '../helpers/strings.js';

describe('withoutTrailingSlashes', () => {
  it("gives what replace(/\\/+$/, '') gives, on every text of up to 9 of /, a, a line break and a space", () => {
    let compared = 0;
    const differing: string[] = [];
    for (const s of sequences(['/', 'a', '\n', ' '], 9)) {
      compared++;
      if (withoutTrailingSlashes(s) !== s.replace(/\/+$/, '') && differing.length < 5) differing.push(s);
    }
    expect(differing).toEqual([]);
    expect(compared).toBe((4 ** 10 - 1) / 3);
  });

  it('trims a run of 256k slashes, and leaves one that is not at the end, at once', () => {
    const run = '/'.repeat(256 * 1024);
    expect(withoutTrailingSlashes(`https://h/a${run}`)).toBe('https://h/a');
    expect(withoutTrailingSlashes(`${run}x`)).toBe(`${run}x`);
    expect(withoutTrailingSlashes(run)).toBe('');
  });
});
