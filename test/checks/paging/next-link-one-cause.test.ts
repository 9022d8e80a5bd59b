// One cause, one result (the ninth field pass, Django): pages serialised without a `next` link on two collections
// whose following pages hold 4 and 5 items are one fault, not two results split by the item count.
import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/paging/next-link.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { foldReport } from '../../../src/core/engine/fold-findings.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { reference } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';
import { onPage } from './on-page.js';

/** Django's page object: no `next`, no `total`; page 2 of each collection keeps `kept` items. */
const withoutNext = (path: string, kept: number): Mutator =>
  onPage(path, (body, query) => {
    delete body['next'];
    delete body['total'];
    if (query.get('page') === '2') body.items = body.items.slice(0, kept);
  });

async function run(mutate: Mutator): Promise<CheckReport> {
  const running = await reference({ mutate }).start();
  try {
    return await runChecks([check], BUILT_IN_PROFILE, { baseUrl: running.url, timeoutMs: 5000, deadlineMs: 40_000 });
  } finally {
    await running.close();
  }
}

describe('paging.next-link on two collections failing alike', () => {
  it('gives one result, the item counts left to the evidence', async () => {
    const employers = withoutNext('/employers', 1);
    const classes = withoutNext('/appendices/employerclasses', 2);
    const report = await run((req, res) => {
      employers(req, res);
      classes(req, res);
    });
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => `${r.resource} ${r.messageId ?? ''}`).sort()).toEqual([
      '/appendices/employerclasses missingNextMore',
      '/employers missingNextMore',
    ]);
    const folded = foldReport(report).results.filter((r) => r.status === 'fail');
    expect(folded).toHaveLength(1);
    expect(folded[0]?.message).toMatch(/has no `next` link, but the following page \S+ still has items/);
  }, 60_000);

  it('the reference server passes', async () => {
    const report = await run(() => {});
    expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
  }, 60_000);
});
