import { describe, expect, it } from 'vitest';
import {
  decodePercent,
  escapeToken,
  fragmentPath,
  parsePointer,
  pointerOf,
  splitRef,
  unescapeToken,
  valueAt,
} from '../../src/openapi/pointer.js';

describe('JSON pointer tokens', () => {
  it('escape ~ before / and unescape ~1 before ~0, so ~01 stays ~1', () => {
    expect(escapeToken('/a~b')).toBe('~1a~0b');
    expect(unescapeToken('~1a~0b')).toBe('/a~b');
    expect(unescapeToken('~01')).toBe('~1');
    expect(escapeToken(3)).toBe('3');
  });

  it('make and read plain pointers: `` is the root, `/` the empty key; nothing percent-decoded', () => {
    expect(pointerOf(['paths', '/employers/{id}', 'get'])).toBe('/paths/~1employers~1{id}/get');
    expect(pointerOf([])).toBe('');
    expect(parsePointer('/paths/~1employers~1{id}/get')).toEqual(['paths', '/employers/{id}', 'get']);
    expect(parsePointer('#/components/schemas/A')).toEqual(['components', 'schemas', 'A']);
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/')).toEqual(['']);
    expect(parsePointer('/a%20b/c')).toEqual(['a%20b', 'c']);
    for (const path of [
      ['a', '', 'b'],
      ['~', '/', '~1', '%7B'],
    ])
      expect(parsePointer(pointerOf(path))).toEqual(path);
  });
});

describe('$ref fragments', () => {
  it('percent-decode each token, then unescape it', () => {
    expect(fragmentPath('/paths/~1employers~1%7BemployerId%7D/get')).toEqual([
      'paths',
      '/employers/{employerId}',
      'get',
    ]);
    // %7E1 is a written `~1`: decoded first, then unescaped (RFC 6901 section 6).
    expect(fragmentPath('/a%7E1b')).toEqual(['a/b']);
    expect(fragmentPath('/caf%C3%A9')).toEqual(['café']);
  });

  it('leave a malformed escape as written instead of throwing', () => {
    expect(fragmentPath('/100%/x%zz')).toEqual(['100%', 'x%zz']);
    expect(decodePercent('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('name the root, an empty key, or nothing for an anchor', () => {
    expect(fragmentPath('')).toEqual([]);
    expect(fragmentPath('/')).toEqual(['']);
    expect(fragmentPath('anchor')).toBeUndefined();
  });

  it('split a $ref into its file and path', () => {
    expect(splitRef('#/components/schemas/A')).toEqual({ file: '', path: ['components', 'schemas', 'A'] });
    expect(splitRef('common-v1.yaml#/components/schemas/A')).toEqual({
      file: 'common-v1.yaml',
      path: ['components', 'schemas', 'A'],
    });
    expect(splitRef('common-v1.yaml')).toEqual({ file: 'common-v1.yaml', path: [] });
    expect(splitRef('other.yaml#top')).toEqual({ file: 'other.yaml', path: undefined });
  });
});

describe('valueAt', () => {
  const doc = { a: { 'b/c': [10, { d: 'x' }], '': 'empty key' } };
  it('walks own keys and decimal indexes', () => {
    expect(valueAt(doc, ['a', 'b/c', 1, 'd'])).toBe('x');
    expect(valueAt(doc, ['a', 'b/c', '0'])).toBe(10);
    expect(valueAt(doc, ['a', ''])).toBe('empty key');
    expect(valueAt(doc, [])).toBe(doc);
  });

  it('finds nothing through inherited keys, array properties or scalars', () => {
    expect(valueAt(doc, ['constructor'])).toBeUndefined();
    expect(valueAt(doc, ['a', '__proto__'])).toBeUndefined();
    expect(valueAt(doc, ['a', 'b/c', 'length'])).toBeUndefined();
    expect(valueAt(doc, ['a', 'b/c', '01'])).toBeUndefined();
    expect(valueAt(doc, ['a', 'b/c', 0, 'x'])).toBeUndefined();
    expect(valueAt(doc, ['missing', 'x'])).toBeUndefined();
  });
});
