// Another client changes the data once, between two reads of a check: a conforming server must not fail for it.
// Each case failed before the checks re-read to confirm what they saw (filter.repeated-or and sort.* are
// proven under load in test/loaded-runs.test.ts, select, embed, collection and paging in moving-data-load.test.ts);
// a server that makes the same change on every read still fails: the re-reads that confirm never excuse it.
import { describe, expect, it } from 'vitest';
import caching from '../../src/checks/http/caching.js';
import patchAbsentKept from '../../src/checks/patch/absent-kept.js';
import patchOverwrite from '../../src/checks/patch/overwrite.js';
import patchResponse from '../../src/checks/patch/response.js';
import putReplaces from '../../src/checks/put/replaces.js';
import dereferenceable from '../../src/checks/link/dereferenceable.js';
import leadingZeros from '../../src/checks/id/leading-zeros.js';
import equality from '../../src/checks/filter/equality.js';
import embeddedMap from '../../src/checks/embed/embedded-map.js';
import cursor from '../../src/checks/paging/cursor.js';
import pageOneBased from '../../src/checks/paging/page-one-based.js';
import selectExclude from '../../src/checks/select/exclude.js';
import selectInclude from '../../src/checks/select/include.js';
import selectNested from '../../src/checks/select/nested.js';
import selfReflectsQuery from '../../src/checks/select/self-reflects-query.js';
import type { AnyCheck } from '../../src/core/engine/define-check.js';
import { isObject } from '../../src/core/util/json.js';
import { reference, runOne } from '../helpers/check-harness.js';
import type { Mutator } from '../helpers/proxy.js';
import { isCreatedEmployer } from './create/support/write-profile.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';

type Times = 'once' | 'always';
type Change = Parameters<Mutator>[1] extends infer R ? (res: R) => void : never;

/** Applies `change` to the first response that `when` matches and never again, or to every one. */
const changing =
  (when: (path: string, method: string, headers: Record<string, unknown>) => boolean, change: Change) =>
  (times: Times): Mutator => {
    let done = false;
    return (req, res) => {
      if (done || !when(req.path, req.method, req.headers)) return;
      done = times === 'once';
      change(res);
    };
  };

/** The sample employer answers 404 from its second read on (no longer than `reads` more reads): deleted meanwhile. */
const deletedAfterFirstRead = (reads = 50): Mutator => {
  let seen = 0;
  return (req, res) => {
    if (req.method !== 'GET' || !/^\/employers\/\d+(\?|$)/.test(req.path) || seen++ === 0 || seen > reads + 1) return;
    res.status = 404;
    res.headers['content-type'] = 'application/problem+json';
    res.json = { type: 'urn:problem-type:belgif:resourceNotFound', title: 'Resource not found', status: 404 };
  };
};

/** The next page of the companies starts with the last item of the first (an offset cursor while a row moved). */
const cursorShifted = (times: Times): Mutator => {
  let last: unknown;
  let done = false;
  return (req, res) => {
    if (done || !req.path.startsWith('/companies?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
    const items = res.json['items'];
    if (!req.path.includes('afterCompany=')) {
      last = items[items.length - 1];
      return;
    }
    if (last === undefined) return;
    done = times === 'once';
    items.unshift(last);
    items.pop();
  };
};

const CASES: Array<{ check: AnyCheck; moved: string; mutate: (times: Times) => Mutator; outcome?: 'pass' | 'skip' }> = [
  {
    check: equality,
    moved: 'the sample was renamed before the filtered read',
    mutate: changing(
      (path) => /^\/employers\?.*name=/.test(path),
      (res) => {
        if (isObject(res.json)) res.json['items'] = [];
      },
    ),
  },
  {
    check: leadingZeros,
    moved: 'the employer was changed between the canonical and the padded read',
    mutate: changing(
      (path) => /^\/employers\/0\d+$/.test(path),
      (res) => {
        if (isObject(res.json)) res.json['name'] = 'renamed meanwhile';
      },
    ),
  },
  {
    check: caching,
    moved: 'the employer was changed between the read and the revalidation',
    mutate: changing(
      (_path, _method, headers) => headers['if-none-match'] !== undefined,
      (res) => {
        res.status = 200;
        res.headers['etag'] = '"v-new"';
      },
    ),
  },
  {
    check: selectInclude,
    moved: 'the selected property was removed between the full and the selected read',
    mutate: changing(
      (path) => /^\/employers\/\d+\?select=\(/.test(path),
      (res) => {
        if (isObject(res.json)) delete res.json['name'];
      },
    ),
  },
  {
    check: selectExclude,
    moved: 'a property was removed between the full and the selected read',
    mutate: changing(
      (path) => /^\/employers\/\d+\?select=!/.test(path),
      (res) => {
        if (isObject(res.json)) delete res.json['bankrupt'];
      },
    ),
  },
  {
    check: selectNested,
    moved: 'the nested member was removed between the full and the selected read',
    mutate: changing(
      (path) => /^\/employers\/\d+\?select=\(company\(/.test(path),
      (res) => {
        if (isObject(res.json) && isObject(res.json['company'])) delete res.json['company']['enterpriseNumber'];
      },
    ),
  },
  // Deleted for good: the re-read finds no document to select from, so the check cannot decide.
  {
    check: selfReflectsQuery,
    moved: 'the sample was deleted after the full read',
    mutate: () => deletedAfterFirstRead(),
    outcome: 'skip',
  },
  {
    check: selectInclude,
    moved: 'the sample was deleted after the full read',
    mutate: () => deletedAfterFirstRead(),
    outcome: 'skip',
  },
  {
    check: embeddedMap,
    moved: 'a property was added to the document after the embedding page was read',
    mutate: changing(
      (path, method) => method === 'GET' && /^\/(employers\/\d+|appendices\/employerclasses\/[^/?]+)$/.test(path),
      (res) => {
        if (isObject(res.json)) res.json['addedMeanwhile'] = 'x';
      },
    ),
  },
  {
    check: dereferenceable,
    moved: 'a linked employer was deleted between the page and the read of its link',
    mutate: changing(
      (path, method) => method === 'GET' && /^\/employers\/\d+$/.test(path),
      (res) => {
        res.status = 404;
        res.headers['content-type'] = 'application/problem+json';
        res.json = { type: 'urn:problem-type:belgif:resourceNotFound', title: 'Resource not found', status: 404 };
      },
    ),
  },
  { check: cursor, moved: 'the next page was read after a row moved before the cursor', mutate: cursorShifted },
  {
    check: pageOneBased,
    moved: 'an employer was renamed to the front between the default and the page=1 read',
    mutate: changing(
      (path) => /^\/employers\?(.*&)?page=1(&|$)/.test(path),
      (res) => {
        const items = isObject(res.json) ? res.json['items'] : undefined;
        if (!Array.isArray(items) || !isObject(items[0])) return;
        items.unshift({
          ...items[0],
          href: String(items[0]['href']).replace(/\d+$/, '5900000001'),
          title: 'Aardvark renamed',
          employerId: 5900000001,
        });
        items.pop();
      },
    ),
  },
];

describe('a conforming server whose data moves once under another client', () => {
  for (const { check, moved, mutate, outcome = 'pass' } of CASES) {
    it(`${check.meta.id}: ${moved} → no failure`, async () => {
      const report = await runOne(check, reference({ mutate: mutate('once') }));
      expect(
        report.results.map((r) => `${r.status} ${r.message}`).filter((line) => /^(fail|error) /.test(line)),
      ).toEqual([]);
      expect(report.results.some((r) => r.status === outcome)).toBe(true);
    });
  }
});

describe('a server that makes the same difference on every read', () => {
  // A sample deleted for good is no difference between two reads: those cases stay with the once-only ones.
  for (const { check, moved, mutate } of CASES.filter((c) => c.outcome !== 'skip')) {
    it(`${check.meta.id}: ${moved}, on every read → fail`, async () => {
      const report = await runOne(check, reference({ mutate: mutate('always') }));
      expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
      expect(report.results.filter((r) => r.status === 'fail').length).toBeGreaterThan(0);
    });
  }
});

/**
 * The first read of a document after the check wrote it shows another client's write: another version (its
 * entity tag) with `change` made. With `always`, every read after a write does (a client that keeps writing).
 */
const writtenMeanwhile =
  (change: (body: Record<string, unknown>) => void, times: Times = 'once') =>
  (): Mutator => {
    let wrote = false;
    let done = false;
    return (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PATCH' || req.method === 'PUT') {
        wrote = true;
        return;
      }
      if (done || !wrote || req.method !== 'GET' || !isObject(res.json)) return;
      done = times === 'once';
      change(res.json);
      res.headers['etag'] = '"written-by-another-client"';
    };
  };

const PUT_PROFILE = {
  ...BUILT_IN_PROFILE,
  documents: BUILT_IN_PROFILE.documents?.map((document) => ({ ...document, update: 'put' as const })),
};

const WRITE_CASES: Array<{ check: AnyCheck; moved: string; mutate: () => Mutator; profile?: typeof BUILT_IN_PROFILE }> =
  [
    {
      check: patchResponse,
      moved: 'another client renamed it between the PATCH and the re-read',
      mutate: writtenMeanwhile((body) => {
        body['name'] = 'renamed meanwhile';
      }),
    },
    // Set back once, the check's second try (as application/json) shows the value: a client that keeps at it.
    {
      check: patchOverwrite,
      moved: 'another client keeps setting the patched value back',
      mutate: writtenMeanwhile((body) => {
        body['bankrupt'] = false;
      }, 'always'),
    },
    {
      check: patchAbsentKept,
      moved: 'another client renamed it between the PATCH and the re-read',
      mutate: writtenMeanwhile((body) => {
        body['name'] = 'renamed meanwhile';
      }),
    },
    {
      check: putReplaces,
      moved: 'another client set the changed value back before the re-read',
      mutate: writtenMeanwhile((body) => {
        body['bankrupt'] = false;
      }),
      profile: PUT_PROFILE,
    },
  ];

describe('a document the check wrote, written by another client before the check read it back', () => {
  for (const { check, moved, mutate, profile } of WRITE_CASES) {
    it(`${check.meta.id}: ${moved} → no failure`, async () => {
      const report = await runOne(check, reference({ mutate: mutate() }), profile);
      expect(
        report.results.map((r) => `${r.status} ${r.message}`).filter((line) => /^(fail|error) /.test(line)),
      ).toEqual([]);
      expect(report.results.map((r) => r.status)).toContain('skip');
    });
  }
});

/** Every read of an employer document shows a newer version (another client writing all the time): a member and an entity tag of its own. */
const keepsChanging = (): Mutator => {
  let version = 0;
  return (req, res) => {
    if (req.method !== 'GET' || !/^\/employers\/\d+(\?select=!.*)?$/.test(req.path) || !isObject(res.json)) return;
    version++;
    if (!req.path.includes('?select=')) res.json['changedBy'] = `another client, version ${version}`;
    res.headers['etag'] = `"moving-${version}"`;
  };
};

describe('a document another client changes between every two reads', () => {
  for (const check of [embeddedMap, selectExclude]) {
    it(`${check.meta.id}: never a failure, a skip that says the resource changed during the run`, async () => {
      const report = await runOne(check, reference({ mutate: keepsChanging() }));
      const lines = report.results.map((r) => `${r.status} ${r.message}`);
      expect(lines.filter((line) => /^(fail|error) /.test(line))).toEqual([]);
      expect(lines).toContainEqual(
        expect.stringMatching(/^skip could not confirm ".*": the resource changed during the run/),
      );
    });
  }
});
