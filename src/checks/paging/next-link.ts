import { defineCheck } from '../../core/define-check.js';
import type { CollectionTarget } from '../../core/target.js';
import type { CheckContext } from '../../core/define-check.js';
import { guidePagingOrSkip, linkOf, onlyPageReason, queryParam } from '../support/collection-page.js';
import type { Walk } from '../support/walk.js';
import { judgeWalk, type WalkFinding } from '../support/walk-findings.js';

const MESSAGES = {
  missingNext: 'Page {{page}} ({{url}}) has no `next` link, but only {{seen}} of {{total}} items were reached.',
  missingNextMore:
    'Page {{page}} ({{url}}) has no `next` link, but the following page {{following}} still has {{count}} items.',
  nextOnLast: 'Page {{page}} ({{url}}) reaches all {{total}} items yet links to a `next` page.',
  nextEmpty: 'Page {{page}} ({{url}}) links to a `next` page that holds no items.',
  brokenNext: 'The `next` link of page {{page}} leads to {{url}}, which answered {{status}} without a collection page.',
} as const;
type Id = keyof typeof MESSAGES;

export default defineCheck({
  meta: {
    id: 'paging.next-link',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    title: 'Every page but the last links to the next page; the last page has no `next`',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    await judgeWalk(ctx, collection, { maxRequests: 12, targetPages: 4 }, (walk) => judge(ctx, collection, walk));
  },
});

async function judge(ctx: CheckContext<Id>, collection: CollectionTarget, walk: Walk): Promise<Array<WalkFinding<Id>>> {
  if (walk.stop === 'max') ctx.skip(`the walk ended early (${walk.stop}) at ${walk.url ?? '?'}`);
  // One short page without `next` or `total`: nothing shows whether a page before the last would link to the next.
  const only = walk.steps.length === 1 && walk.total === undefined ? walk.steps[0]?.page : undefined;
  const degenerate = only && onlyPageReason(only, walk.pageSize);
  if (degenerate) ctx.skip(degenerate);
  const findings: Array<WalkFinding<Id>> = [];
  let seen = 0;
  for (const [index, { exchange, page }] of walk.steps.entries()) {
    const number = index + 1;
    const url = exchange.request.url;
    const previous = walk.steps[index - 1]?.exchange;
    if (!page) {
      findings.push({
        id: 'brokenNext',
        data: { page: index, url, status: exchange.response.status },
        evidence: [...(previous ? [previous] : []), exchange],
      });
      break;
    }
    seen += page.items.length;
    const next = linkOf(page.body, 'next');
    if (index > 0 && page.items.length === 0 && previous)
      findings.push({
        id: 'nextEmpty',
        data: { page: index, url: previous.request.url },
        evidence: [previous, exchange],
      });
    if (walk.total !== undefined && seen >= walk.total && next !== undefined)
      findings.push({ id: 'nextOnLast', data: { page: number, url, total: walk.total }, evidence: [exchange] });
    if (next !== undefined) continue;
    if (walk.total !== undefined && seen < walk.total)
      findings.push({ id: 'missingNext', data: { page: number, url, seen, total: walk.total }, evidence: [exchange] });
    if (walk.total === undefined && collection.paging?.kind === 'offset' && page.items.length >= walk.pageSize) {
      // Without `total`, a full last page may hide more: the page after it must be empty.
      const current = Number(queryParam(url, collection.pageParam) ?? '1');
      const following = await ctx.get(
        collection.firstPage({ pageSize: walk.pageSize, query: { [collection.pageParam]: current + 1 } }),
      );
      const items = (following.response.json as { items?: unknown } | undefined)?.items;
      const count = Array.isArray(items) ? items.length : 0;
      if (count > 0)
        findings.push({
          id: 'missingNextMore',
          data: { page: number, url, following: following.request.url, count },
          evidence: [exchange, following],
        });
    }
  }
  return findings;
}
