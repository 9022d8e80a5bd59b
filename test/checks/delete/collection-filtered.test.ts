import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/delete/collection-filtered.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const isFilteredDelete = (method: string, path: string) => method === 'DELETE' && path.startsWith('/employers?');

/** After the filtered DELETE, GETs of some employers answer as if `change` happened. */
function afterFilteredDelete(change: (path: string, res: { status: number; text: string; json: unknown }) => void) {
  let deleted = false;
  return reference({
    mutate: (req, res) => {
      if (isFilteredDelete(req.method, req.path)) deleted = true;
      else if (deleted && req.method === 'GET') change(req.path, res);
    },
  });
}

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    {
      name: 'filtered DELETE answers 202',
      server: reference({
        mutate: (req, res) => {
          if (isFilteredDelete(req.method, req.path)) res.status = 202;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['wrongStatus'],
    },
    {
      // Every 404 after the DELETE becomes 200, as if the selected items had survived.
      name: 'a selected item survives',
      server: afterFilteredDelete((_path, res) => {
        if (res.status === 404) {
          res.status = 200;
          res.json = { employerId: 1 };
        }
      }),
      profile: WRITE_PROFILE,
      findings: ['notRemoved'],
    },
    {
      name: 'an item outside the filter is removed',
      server: afterFilteredDelete((path, res) => {
        if (/^\/employers\/5\d{9}$/.test(path) && res.status === 200) {
          res.status = 404;
          if (isObject(res.json)) res.json = {};
        }
      }),
      profile: WRITE_PROFILE,
      findings: ['othersRemoved'],
    },
  ],
});

describe('delete.collection-filtered safety', () => {
  it('does not send DELETE when the filter does not isolate the created items', async () => {
    const deletes: string[] = [];
    // A server whose name filter is ignored on GET: the listing shows the whole collection.
    const server = reference({
      mutate: (req, res) => {
        if (req.method === 'DELETE' && !/^\/employers\/\d+$/.test(req.path)) deletes.push(req.path);
        if (
          req.method === 'GET' &&
          req.path.startsWith('/employers?') &&
          isObject(res.json) &&
          Array.isArray(res.json['items'])
        )
          res.json['items'].push({ href: 'x', employerId: 93 });
      },
    });
    const report = await runOne(check, server, WRITE_PROFILE);
    expect(report.results.filter((r) => r.resource === '/employers').map((r) => r.status)).toEqual(['skip']);
    expect(deletes).toEqual([]);
  });
});
