// The coverage per operation says why an operation got no request: a write without --allow-writes, a path the
// derivation gave no role (with the parameters nothing supplied), or a modeled one no selected check asked.
import { describe, expect, it } from 'vitest';
import type { Target } from '../../src/core/profile/target.js';
import { unexercisedReason } from '../../src/core/engine/unexercised.js';

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

describe('unexercisedReason with nested collections', () => {
  const nested = {
    collections: [
      { kind: 'collection', path: '/Accounts.json' },
      { kind: 'collection', path: '/Accounts/AC1/Calls.json', template: '/Accounts/{AccountSid}/Calls.json' },
    ],
    documents: [
      {
        kind: 'document',
        path: '/Accounts/AC1/Calls/{Sid}.json',
        template: '/Accounts/{AccountSid}/Calls/{Sid}.json',
        param: 'Sid',
        sampleIds: [],
      },
    ],
    tasks: [],
    controllers: [],
    leftOut: [{ path: '/Accounts/{AccountSid}/Queues.json', why: 'left out: at most 60 nested collections' }],
  } as unknown as Target;

  it('a template made concrete is modeled; its document without a sample id says so', () => {
    expect(unexercisedReason(nested, false, 'HEAD', '/2010-04-01/Accounts/{AccountSid}/Calls.json')).toBe(
      'no selected check sends HEAD to it',
    );
    expect(unexercisedReason(nested, false, 'GET', '/Accounts/{AccountSid}/Calls/{Sid}.json')).toMatch(
      /^not verified: no value of \{Sid\} to ask with/,
    );
  });

  it('a template left out says why; a path under a parent made concrete has no role', () => {
    expect(unexercisedReason(nested, false, 'GET', '/Accounts/{AccountSid}/Queues.json')).toBe(
      'left out: at most 60 nested collections',
    );
    expect(unexercisedReason(nested, false, 'GET', '/2010-04-01/Accounts/{AccountSid}/Balance.json')).toMatch(
      /^not modeled: the document gives this path no role/,
    );
    expect(unexercisedReason(nested, false, 'GET', '/Accounts/{AccountSid}/Calls/{CallSid}/Feedback.json')).toMatch(
      /^not modeled: the document gives this path no role/,
    );
    expect(unexercisedReason(nested, false, 'GET', '/Other/{OtherSid}/Balance.json')).toBe(
      'not modeled: no collection the run reads lists values for {OtherSid}',
    );
  });
});
