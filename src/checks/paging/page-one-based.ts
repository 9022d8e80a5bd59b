import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { guidePagingOrSkip, hrefOf, pageOf, pageOrSkip } from '../support/collection-page.js';
import { skipIfAnswersVary } from '../support/control-request.js';

const MESSAGES = {
  pageMissing: '{{url}} (offset paging) has no integer `page` property.',
  defaultNotOne: '{{url}} (no `page` parameter) answered `page` {{page}}; the default page is 1.',
  pageOneDiffers: '{{url}} answered `page` {{page}} or other items than the default first page {{first}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'paging.page-one-based',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title:
      'Offset paging is 1-based: without `page` the first page (page 1) is returned, and `page=1` is that same page',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  // Offset paging in another scheme (offset/limit) is no absence: it is not verified (see paging.guide-params).
  requires: {
    what: 'collection with offset paging',
    test: (collection) => collection.paging?.kind === 'offset' || collection.foreignPaging !== undefined,
  },
  // Rows written by other clients between the two first-page reads change what each holds:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    await guidePagingOrSkip(ctx, collection);
    const [first, one] = await Promise.all([
      ctx.get(collection.firstPage({ pageSize: 3 })),
      ctx.get(collection.firstPage({ pageSize: 3, query: { [collection.pageParam]: 1 } })),
    ]);
    const byDefault = pageOrSkip(ctx, first);
    const explicit = pageOrSkip(ctx, one);
    const url = first.request.url;
    // The default page's number is read from one answer: no control request, there is nothing to compare.
    if (!ctx.expect(Number.isInteger(byDefault.body['page']), 'pageMissing', { url }, first)) return;
    ctx.expect(
      byDefault.body['page'] === 1,
      'defaultNotOne',
      { url, page: JSON.stringify(byDefault.body['page']) },
      first,
    );
    const hrefs = (items: unknown[]) => JSON.stringify(items.map(hrefOf));
    // Items that differ are blamed on the page number only when the same request twice gives the same items.
    if (hrefs(explicit.items) !== hrefs(byDefault.items)) {
      await skipIfAnswersVary(ctx, first, (a, b) => hrefs(pageOf(a)?.items ?? []) === hrefs(pageOf(b)?.items ?? []));
    }
    ctx.expect(
      explicit.body['page'] === 1 && hrefs(explicit.items) === hrefs(byDefault.items),
      'pageOneDiffers',
      { url: one.request.url, page: JSON.stringify(explicit.body['page']), first: url },
      first,
      one,
    );
  }),
});
