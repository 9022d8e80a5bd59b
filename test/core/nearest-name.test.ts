import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from '../../src/core/util/nearest-name.js';

describe('nearest name', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('colections', 'collections')).toBe(1);
    expect(editDistance('abc', '')).toBe(3);
  });

  it('suggests only a close name, ignoring case, the closest first', () => {
    const keys = ['api', 'collections', 'documents', 'controllers'];
    expect(nearestName('colections', keys)).toBe('collections');
    expect(nearestName('Documents', keys)).toBe('documents');
    expect(nearestName('clientSecret', ['clientId', 'clientSecretEnv'])).toBe('clientSecretEnv');
    expect(nearestName('foo', keys)).toBeUndefined();
    expect(nearestName('ap', ['api', 'ab'])).toBe('api');
    expect(nearestName('x', [])).toBeUndefined();
  });
});
