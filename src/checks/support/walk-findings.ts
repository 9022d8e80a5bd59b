// Walk verdicts are reported only from a stable collection: items written by other clients during a walk shift
// pages and totals, so a finding counts when two walks in a row saw exactly the same pages.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext, MessageData } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { hrefOf } from './collection-page.js';
import { whileOwnWritesRest } from './own-writes.js';
import { walkCollection, type Walk, type WalkOptions } from './walk.js';

export interface WalkFinding<M extends string> {
  id: M;
  data: MessageData;
  evidence: Exchange[];
}

const ATTEMPTS = 3;
// Pauses before the second and third walk, so that a burst of concurrent writes can end.
const PAUSES_MS = [0, 50, 250];

/** What a walk saw: per page its status, `total` and item hrefs, and how it ended. */
function fingerprint(walk: Walk): string {
  return JSON.stringify([
    walk.stop,
    walk.steps.map(({ exchange, page }) => [exchange.response.status, page?.body['total'], page?.items.map(hrefOf)]),
  ]);
}

/**
 * Walks and judges: a walk without findings passes; findings are reported once two walks in a row saw the same
 * pages (a defect repeats, a concurrent write does not); a collection that never holds still is skipped.
 */
export async function judgeWalk<M extends string>(
  ctx: CheckContext<M>,
  collection: CollectionTarget,
  options: WalkOptions,
  judge: (walk: Walk) => Promise<Array<WalkFinding<M>>> | Array<WalkFinding<M>>,
): Promise<void> {
  let previous: string | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (PAUSES_MS[attempt]) await sleep(PAUSES_MS[attempt], undefined, { signal: ctx.signal });
    const walk = await whileOwnWritesRest(ctx as CheckContext<string>, collection, () =>
      walkCollection(ctx as CheckContext<string>, collection, options),
    );
    const findings = await judge(walk);
    if (findings.length === 0) {
      ctx.pass();
      return;
    }
    const seen = fingerprint(walk);
    if (seen === previous) {
      for (const finding of findings) ctx.report(finding.id, finding.data, ...finding.evidence);
      return;
    }
    previous = seen;
  }
  ctx.skip(
    `${collection.path} changed between each of ${ATTEMPTS} walks (concurrent writes?), so no stable walk could be judged`,
  );
}
