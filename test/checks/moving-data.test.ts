// Another client changes the data once, between two reads of a check: a conforming server must not fail for it.
// Each case failed before the checks re-read to confirm what they saw (filter.repeated-or and sort.* are
// proven under load in test/loaded-runs.test.ts); a server wrong on every read still fails
// (the invalid cases of each check's own test).
import { describe, expect, it } from 'vitest';
import caching from '../../src/checks/http/caching.js';
import leadingZeros from '../../src/checks/id/leading-zeros.js';
import equality from '../../src/checks/filter/equality.js';
import type { AnyCheck } from '../../src/core/define-check.js';
import { isObject } from '../../src/core/json.js';
import { reference, runOne } from '../helpers/check-harness.js';
import type { Mutator } from '../helpers/proxy.js';

/** Applies `change` to the first response that `when` matches, and never again. */
const once = (when: (path: string, method: string, headers: Record<string, unknown>) => boolean, change: Parameters<Mutator>[1] extends infer R ? (res: R) => void : never): Mutator => {
  let done = false;
  return (req, res) => {
    if (done || !when(req.path, req.method, req.headers)) return;
    done = true;
    change(res);
  };
};

const CASES: Array<{ check: AnyCheck; moved: string; mutate: Mutator }> = [
  {
    check: equality, moved: 'the sample was renamed before the filtered read',
    mutate: once((path) => /^\/employers\?.*name=/.test(path), (res) => { if (isObject(res.json)) res.json['items'] = []; }),
  },
  {
    check: leadingZeros, moved: 'the employer was changed between the canonical and the padded read',
    mutate: once((path) => /^\/employers\/0\d+$/.test(path), (res) => { if (isObject(res.json)) res.json['name'] = 'renamed meanwhile'; }),
  },
  {
    check: caching, moved: 'the employer was changed between the read and the revalidation',
    mutate: once((_path, _method, headers) => headers['if-none-match'] !== undefined, (res) => { res.status = 200; res.headers['etag'] = '"v-new"'; }),
  },
];

describe('a conforming server whose data moves once under another client', () => {
  for (const { check, moved, mutate } of CASES) {
    it(`${check.meta.id}: ${moved} → no failure`, async () => {
      const report = await runOne(check, reference({ mutate }));
      expect(report.results.map((r) => `${r.status} ${r.message}`).filter((line) => /^(fail|error) /.test(line))).toEqual([]);
      expect(report.results.some((r) => r.status === 'pass')).toBe(true);
    });
  }
});
