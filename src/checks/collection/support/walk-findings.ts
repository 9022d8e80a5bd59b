// Walk verdicts are gathered before they are reported, so a walk disturbed by a concurrent write can be retried once.
import type { CheckContext, MessageData } from '../../../core/define-check.js';
import type { Exchange } from '../../../core/exchange.js';
import type { CollectionTarget } from '../../../core/target.js';
import { walkCollection, type Walk, type WalkOptions } from './walk.js';

export interface WalkFinding<M extends string> {
  id: M;
  data: MessageData;
  evidence: Exchange[];
}

/**
 * Walks and judges; when the judge finds something, walks once more and reports what the second walk shows
 * (items created or removed by another client during the first walk shift pages; a real defect shows twice).
 */
export async function judgeWalk<M extends string>(
  ctx: CheckContext<M>, collection: CollectionTarget, options: WalkOptions,
  judge: (walk: Walk) => Promise<Array<WalkFinding<M>>> | Array<WalkFinding<M>>,
): Promise<void> {
  let findings = await judge(await walkCollection(ctx as CheckContext<string>, collection, options));
  if (findings.length > 0) findings = await judge(await walkCollection(ctx as CheckContext<string>, collection, options));
  if (findings.length === 0) ctx.pass();
  for (const finding of findings) ctx.report(finding.id, finding.data, ...finding.evidence);
}
