import { defineCheck } from '../../core/define-check.js';
import { hrefOf, totalOf } from '../collection/support/collection-page.js';
import { walkCollection } from '../collection/support/walk.js';

export default defineCheck({
  meta: {
    id: 'paging.full-walk', rule: 'col-paging', severity: 'error', writes: false,
    title: 'Following `next` from the first page visits every item exactly once, and `total` is the same on every page',
    messages: {
      duplicate: 'Item {{href}} appears on page {{first}} and again on page {{again}} of the walk.',
      countMismatch: 'The walk along `next` reached {{seen}} distinct items in {{pages}} pages, but `total` is {{total}}.',
      totalChanged: '`total` is {{total}} on page 1 but {{other}} on page {{page}} ({{url}}).',
      noHref: 'Page {{page}} ({{url}}) has items without `href`, so the walk cannot tell them apart.',
      brokenNext: 'The `next` link of page {{page}} leads to {{url}}, which answered {{status}} without a collection page.',
      cycle: 'The `next` link of page {{page}} points back at a page already visited ({{url}}).',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    // Bounded: about 8 pages when `total` is known, never more than 40 requests.
    const walk = await walkCollection(ctx, collection, { maxRequests: 40, targetPages: 8 });
    const last = walk.steps[walk.steps.length - 1];
    if (walk.stop === 'cycle' && last) {
      ctx.report('cycle', { page: walk.steps.length, url: walk.url ?? '?' }, last.exchange);
      return;
    }
    if (walk.stop === 'max' || walk.stop === 'cross-origin') ctx.skip(`the walk ended early (${walk.stop}) at ${walk.url ?? '?'}`);
    const firstSeen = new Map<string, number>();
    for (const [index, { exchange, page }] of walk.steps.entries()) {
      const url = exchange.request.url;
      if (!page) {
        const previous = walk.steps[index - 1]?.exchange;
        ctx.report('brokenNext', { page: index, url, status: exchange.response.status }, ...(previous ? [previous] : []), exchange);
        return;
      }
      if (walk.total !== undefined && page.body['total'] !== undefined) {
        const other = totalOf(page.body);
        ctx.expect(other === walk.total, 'totalChanged', { total: walk.total, other: JSON.stringify(page.body['total']), page: index + 1, url }, walk.steps[0]?.exchange ?? exchange, exchange);
      }
      for (const item of page.items) {
        const href = hrefOf(item);
        if (href === undefined) { ctx.report('noHref', { page: index + 1, url }, exchange); continue; }
        const before = firstSeen.get(href);
        if (before === undefined) firstSeen.set(href, index);
        else ctx.report('duplicate', { href, first: before + 1, again: index + 1 }, walk.steps[before]?.exchange ?? exchange, exchange);
      }
    }
    if (walk.total !== undefined) {
      ctx.expect(firstSeen.size === walk.total, 'countMismatch', { seen: firstSeen.size, pages: walk.steps.length, total: walk.total }, ...walk.steps.map((s) => s.exchange));
    } else ctx.pass();
  },
});
