import { defineCheck } from '../../core/define-check.js';
import { linkOf, queryParam } from '../collection/support/collection-page.js';
import { walkCollection } from '../collection/support/walk.js';

export default defineCheck({
  meta: {
    id: 'paging.next-link', rule: 'col-paging', severity: 'error', writes: false,
    title: 'Every page but the last links to the next page; the last page has no `next`',
    messages: {
      missingNext: 'Page {{page}} ({{url}}) has no `next` link, but only {{seen}} of {{total}} items were reached.',
      missingNextMore: 'Page {{page}} ({{url}}) has no `next` link, but the following page {{following}} still has {{count}} items.',
      nextOnLast: 'Page {{page}} ({{url}}) reaches all {{total}} items yet links to a `next` page.',
      nextEmpty: 'Page {{page}} ({{url}}) links to a `next` page that holds no items.',
      brokenNext: 'The `next` link of page {{page}} leads to {{url}}, which answered {{status}} without a collection page.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const walk = await walkCollection(ctx, collection, { maxRequests: 12, targetPages: 4 });
    if (walk.stop === 'max' || walk.stop === 'cross-origin') ctx.skip(`the walk ended early (${walk.stop}) at ${walk.url ?? '?'}`);
    let seen = 0;
    for (const [index, step] of walk.steps.entries()) {
      const { exchange, page } = step;
      const number = index + 1;
      const previous = walk.steps[index - 1]?.exchange;
      if (!page) {
        ctx.report('brokenNext', { page: index, url: exchange.request.url, status: exchange.response.status }, ...(previous ? [previous] : []), exchange);
        return;
      }
      seen += page.items.length;
      const url = exchange.request.url;
      const next = linkOf(page.body, 'next');
      if (index > 0 && page.items.length === 0 && previous) ctx.report('nextEmpty', { page: index, url: previous.request.url }, previous, exchange);
      if (walk.total !== undefined && seen >= walk.total) ctx.expect(next === undefined, 'nextOnLast', { page: number, url, total: walk.total }, exchange);
      if (next !== undefined) continue;
      if (walk.total !== undefined) {
        ctx.expect(seen >= walk.total, 'missingNext', { page: number, url, seen, total: walk.total }, exchange);
      } else if (collection.paging?.kind === 'offset' && page.items.length >= walk.pageSize) {
        // Without `total`, a full last page may hide more: the page after it must be empty.
        const current = Number(queryParam(url, 'page') ?? '1');
        const following = await ctx.get(collection.firstPage({ pageSize: walk.pageSize, query: { page: current + 1 } }));
        const items = (following.response.json as { items?: unknown } | undefined)?.items;
        const count = Array.isArray(items) ? items.length : 0;
        ctx.expect(count === 0, 'missingNextMore', { page: number, url, following: following.request.url, count }, exchange, following);
      } else ctx.pass();
    }
  },
});
