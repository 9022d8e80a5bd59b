import { defineCheck } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import {
  getLinked,
  guidePagingOrSkip,
  linkOf,
  onlyPageReason,
  pageOf,
  pageOrSkip,
  type CollectionPage,
} from '../support/collection-page.js';

const SIZE = 3;

export default defineCheck({
  meta: {
    id: 'paging.page-size-honoured',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    title: '`pageSize=n` gives at most n items, exactly n on every page but the last, and `pageSize` echoes n',
    messages: {
      tooMany: '{{url}} asked for {{size}} items per page and got {{count}}.',
      tooFew:
        '{{url}} asked for {{size}} items per page and got {{count}}, yet it is not the last page (it has `next`).',
      echoDiffers: '{{url}} asked for pageSize {{size}} but echoes `pageSize` {{echoed}}.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    const first = pageOrSkip(ctx, await ctx.get(collection.firstPage({ pageSize: SIZE })));
    // A short page without `next` shows only that it is short; with a `pageSize` echo there is still that to judge.
    const degenerate = onlyPageReason(first, SIZE);
    if (degenerate && (first.body['pageSize'] === undefined || degenerate.includes('see paging.next-link')))
      ctx.skip(degenerate);
    const pages: CollectionPage[] = [first];
    // The second page too: the size must hold on pages reached through `next`, and on the last page.
    const next = linkOf(first.body, 'next');
    if (next !== undefined) {
      const second = pageOf(await getLinked(ctx, next, first.exchange.request.url, 'paging.links-consistent'));
      if (second) pages.push(second);
    }
    for (const page of pages) judge(page.exchange, page);
    function judge(exchange: Exchange, page: CollectionPage) {
      const url = exchange.request.url;
      const count = page.items.length;
      ctx.expect(count <= SIZE, 'tooMany', { url, size: SIZE, count }, exchange);
      if (linkOf(page.body, 'next') !== undefined)
        ctx.expect(count >= SIZE, 'tooFew', { url, size: SIZE, count }, exchange);
      if (page.body['pageSize'] !== undefined)
        ctx.expect(
          page.body['pageSize'] === SIZE,
          'echoDiffers',
          { url, size: SIZE, echoed: JSON.stringify(page.body['pageSize']) },
          exchange,
        );
    }
  },
});
