// filter.params-and in a run that writes: the run's own creates on /employers are not another client's writes.
// The comparing reads wait until the write checks of the run rest, so a fault is confirmed and reported; a
// collection that another client changes while it is read still ends as a skip.
import { describe, expect, it } from 'vitest';
import createdCheck from '../../../src/checks/create/created-201.js';
import duplicateCheck from '../../../src/checks/create/duplicate-409.js';
import locationCheck from '../../../src/checks/create/location-absolute.js';
import deleteCheck from '../../../src/checks/delete/then-404.js';
import paramsAnd from '../../../src/checks/filter/params-and.js';
import nullRemovesCheck from '../../../src/checks/patch/null-removes.js';
import overwriteCheck from '../../../src/checks/patch/overwrite.js';
import replacesCheck from '../../../src/checks/put/replaces.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckResult } from '../../../src/core/report/types.js';
import { reference, type ServerFactory } from '../../helpers/check-harness.js';
import { ignoresParam, onEmployers } from './on-filtered.js';

// Checks that create, change and delete employers while the comparison runs, and the comparison.
const CHECKED = [
  createdCheck,
  duplicateCheck,
  locationCheck,
  deleteCheck,
  nullRemovesCheck,
  overwriteCheck,
  replacesCheck,
  paramsAnd,
];
const ignoresName = ignoresParam('name', (q) => q.has('bankrupt'));

async function paramsAndIn(server: ServerFactory): Promise<CheckResult[]> {
  const running = await server.start();
  try {
    const report = await runChecks(CHECKED, BUILT_IN_PROFILE, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
    });
    expect(report.results.filter((r) => r.id.startsWith('create.') && r.status === 'pass').length).toBeGreaterThan(0);
    return report.results.filter((r) => r.id === 'filter.params-and');
  } finally {
    await running.close();
  }
}

describe('filter.params-and while the run writes to the collection', () => {
  it('fails an API that ignores the second of two filters', async () => {
    const results = await paramsAndIn(reference({ rewrite: ignoresName }));
    expect(results.map((r) => `${r.status} ${r.messageId}`)).toContain('fail notBoth');
    expect(results.filter((r) => r.status === 'skip')).toEqual([]);
  }, 90_000);

  it('passes the reference server', async () => {
    const results = await paramsAndIn(reference());
    expect(results.map((r) => r.status)).toEqual(['pass']);
  }, 90_000);

  it('still skips when another client changes the collection between reads', async () => {
    let writes = 0;
    // Another client: every combined read shows one more employer than the last (and no entity tag to go by).
    const elsewhere = onEmployers(
      (q) => q.has('name') && q.has('bankrupt'),
      (items, base) => [
        ...items,
        ...Array.from({ length: ++writes }, (_, i) => ({ href: `${base}/employers/${9000 + i}` })),
      ],
    );
    const results = await paramsAndIn(
      reference({
        rewrite: ignoresName,
        mutate: (req, res) => {
          elsewhere(req, res);
          delete res.headers['etag'];
        },
      }),
    );
    expect(results.map((r) => r.status)).toEqual(['skip']);
    expect(results[0]?.message).toMatch(/the resource changed during the run/);
  }, 90_000);
});
