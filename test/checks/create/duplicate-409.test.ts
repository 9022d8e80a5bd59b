import check from '../../../src/checks/create/duplicate-409.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from './support/write-profile.js';

/** Rewrites the answer to the second POST /employers. */
function secondCreate(
  change: (
    res: { status: number; headers: Record<string, string>; json: unknown; text: string },
    firstLocation: string,
  ) => void,
) {
  let posts = 0;
  let firstLocation = '';
  return reference({
    mutate: (req, res) => {
      if (req.method !== 'POST' || req.path !== '/employers') return;
      posts += 1;
      if (posts === 1) firstLocation = res.headers['location'] ?? '';
      else change(res, firstLocation);
    },
  });
}

testCheck(check, {
  valid: [
    { name: 'reference server (409 problem)', server: reference(), profile: WRITE_PROFILE },
    {
      name: '303 to the existing resource',
      server: secondCreate((res, first) => {
        res.status = 303;
        res.headers['location'] = first;
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'duplicate answered 400',
      server: secondCreate((res) => {
        res.status = 400;
        if (isObject(res.json)) res.json['status'] = 400;
      }),
      profile: WRITE_PROFILE,
      findings: ['notConflict'],
    },
    {
      name: 'duplicate answered 200',
      server: secondCreate((res) => {
        res.status = 200;
      }),
      profile: WRITE_PROFILE,
      findings: ['notConflict'],
    },
    {
      name: '409 as plain JSON',
      server: secondCreate((res) => {
        res.headers['content-type'] = 'application/json';
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
    {
      name: '303 elsewhere',
      server: secondCreate((res, first) => {
        res.status = 303;
        res.headers['location'] = first.replace(/\d+$/, '93');
      }),
      profile: WRITE_PROFILE,
      findings: ['seeOtherElsewhere'],
    },
  ],
});
