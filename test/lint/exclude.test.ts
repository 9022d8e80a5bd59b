// Exclude globs (--exclude, excludedFiles): which files they match, both ways.
import { describe, expect, it } from 'vitest';
import { excludePatterns, isExcluded } from '../../src/lint/exclude.js';

const BASE = '/work/api';
const cases: Array<[glob: string, file: string, matches: boolean]> = [
  ['vendor/**', '/work/api/vendor/belgif/problem/v1/problem-v1.yaml', true],
  ['vendor/**', '/work/api/src/openapi.yaml', false],
  ['**/belgif/**', '/work/api/third-party/belgif/common-v1.yaml', true],
  ['*-v1.yaml', '/work/api/deep/folder/common-v1.yaml', true], // no folder in the glob: any folder, as .gitignore
  ['*-v1.yaml', '/work/api/deep/folder/openapi.yaml', false],
  ['src/*.yaml', '/work/api/src/nested/a.yaml', false],
  ['{vendor,lib}/**', '/work/api/lib/x.yaml', true],
  ['/abs/vendor/**', '/abs/vendor/x.yaml', true],
  ['../shared/**', '/work/shared/types-v1.yaml', true],
  ['file?.yaml', '/work/api/file1.yaml', true],
  ['file?.yaml', '/work/api/file10.yaml', false],
];

describe('isExcluded', () => {
  for (const [glob, file, matches] of cases) {
    it(`${glob} ${matches ? 'matches' : 'does not match'} ${file}`, () => {
      expect(isExcluded(file, excludePatterns([glob], BASE))).toBe(matches);
    });
  }
  it('no patterns exclude nothing', () => expect(isExcluded('/work/api/x.yaml', [])).toBe(false));
  it('unbalanced braces are a usage error', () => expect(() => excludePatterns(['{a,b'], BASE)).toThrow(/unbalanced/));
});
