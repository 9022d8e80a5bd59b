import { defineCheck } from '../../core/engine/define-check.js';
import type { CheckContext } from '../../core/engine/define-check.js';
import { guidePagingOrSkip, hrefOf, onlyPageReason, totalOf, unpagedReason } from '../support/collection-page.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import type { Walk } from '../support/walk.js';
import { judgeWalk, type WalkFinding } from '../support/walk-findings.js';

const MESSAGES = {
  duplicate: 'Item {{href}} appears on page {{first}} and again on page {{again}} of the walk.',
  countMismatch: 'The walk along `next` reached {{seen}} distinct items in {{pages}} pages, but `total` is {{total}}.',
  totalChanged: '`total` is {{total}} on page 1 but {{other}} on page {{page}} ({{url}}).',
  noHref: 'Page {{page}} ({{url}}) has items without `href`, so the walk cannot tell them apart.',
  brokenNext: 'The `next` link of page {{page}} leads to {{url}}, which answered {{status}} without a collection page.',
  cycle: 'The `next` link of page {{page}} points back at a page already visited ({{url}}).',
} as const;
type Id = keyof typeof MESSAGES;

export default defineCheck({
  meta: {
    id: 'paging.full-walk',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    // Also col-repres' "total is the count across all pages": a walk is the only way to see it.
    title: 'Following `next` from the first page visits every item exactly once, and `total` is the same on every page',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  // One cause, one finding: items without `href`, a `next` missing or broken are those checks' to report.
  dependsOn: [
    { check: 'collection.item-href', when: ['missingHref'] },
    { check: 'paging.next-link', when: ['missingNext', 'missingNextMore', 'brokenNext'] },
  ],
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    // Bounded: about 8 pages when `total` is known, never more than 40 requests per walk.
    await judgeWalk(ctx, collection, { maxRequests: 40, targetPages: 8 }, (walk) => judge(ctx, collection, walk));
  },
});

function judge(ctx: CheckContext<Id>, collection: CollectionTarget, walk: Walk): Array<WalkFinding<Id>> {
  const last = walk.steps[walk.steps.length - 1];
  if (walk.stop === 'cycle' && last)
    return [{ id: 'cycle', data: { page: walk.steps.length, url: walk.url ?? '?' }, evidence: [last.exchange] }];
  if (walk.stop === 'max') ctx.skip(`the walk ended early (${walk.stop}) at ${walk.url ?? '?'}`);
  const unpaged = unpagedReason(
    collection,
    walk.steps.map((s) => s.page),
  );
  if (unpaged) ctx.skip(unpaged);
  // One short page and no `total`: a walk of one page shows nothing of paging.
  const only = walk.steps.length === 1 && walk.total === undefined ? walk.steps[0]?.page : undefined;
  const degenerate = only && onlyPageReason(only, walk.pageSize);
  if (degenerate) ctx.skip(degenerate);
  const findings: Array<WalkFinding<Id>> = [];
  const firstSeen = new Map<string, number>();
  const firstExchange = walk.steps[0]?.exchange;
  for (const [index, { exchange, page }] of walk.steps.entries()) {
    const url = exchange.request.url;
    if (!page) {
      const previous = walk.steps[index - 1]?.exchange;
      return [
        ...findings,
        {
          id: 'brokenNext',
          data: { page: index, url, status: exchange.response.status },
          evidence: [...(previous ? [previous] : []), exchange],
        },
      ];
    }
    if (walk.total !== undefined && page.body['total'] !== undefined && totalOf(page.body) !== walk.total) {
      findings.push({
        id: 'totalChanged',
        data: { total: walk.total, other: JSON.stringify(page.body['total']), page: index + 1, url },
        evidence: [...(firstExchange ? [firstExchange] : []), exchange],
      });
    }
    for (const item of page.items) {
      const href = hrefOf(item);
      if (href === undefined) {
        findings.push({ id: 'noHref', data: { page: index + 1, url }, evidence: [exchange] });
        continue;
      }
      const before = firstSeen.get(href);
      if (before === undefined) firstSeen.set(href, index);
      else
        findings.push({
          id: 'duplicate',
          data: { href, first: before + 1, again: index + 1 },
          evidence: [walk.steps[before]?.exchange ?? exchange, exchange],
        });
    }
  }
  if (walk.total !== undefined && firstSeen.size !== walk.total) {
    findings.push({
      id: 'countMismatch',
      data: { seen: firstSeen.size, pages: walk.steps.length, total: walk.total },
      evidence: walk.steps.map((s) => s.exchange),
    });
  }
  return findings;
}
