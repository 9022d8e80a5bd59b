// The coverage per operation says why an operation got no request: a write without --allow-writes, a path the
// derivation gave no role (with the parameters nothing supplied), or a modeled one no selected check asked.
import { describe, expect, it } from 'vitest';
import type { Target } from '../../src/core/target.js';
import { unexercisedReason } from '../../src/core/unexercised.js';

const target = {
  collections: [{ path: '/Accounts.json' }],
  documents: [{ path: '/employers/{id}' }],
  tasks: [],
  controllers: [],
} as unknown as Target;

describe('unexercisedReason', () => {
  it('a write without --allow-writes says so, whatever the path', () => {
    expect(unexercisedReason(target, false, 'POST', '/2010-04-01/Accounts.json')).toBe('a write: needs --allow-writes');
  });

  it('a modeled path (written with the API base path in the document) was not asked by the selected checks', () => {
    expect(unexercisedReason(target, true, 'POST', '/2010-04-01/Accounts.json')).toBe(
      'no selected check sends POST to it',
    );
    expect(unexercisedReason(target, false, 'GET', '/employers/{id}')).toBe('no selected check sends GET to it');
  });

  it('a path with no role names the parameters nothing supplied values for', () => {
    expect(unexercisedReason(target, false, 'GET', '/2010-04-01/Accounts/{AccountSid}/Calls.json')).toBe(
      'not modeled: no collection the run reads lists values for {AccountSid}',
    );
    expect(unexercisedReason(target, false, 'GET', '/2010-04-01/Usage.json')).toMatch(
      /^not modeled: the document gives this path no role/,
    );
  });
});
