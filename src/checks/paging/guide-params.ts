import { defineCheck } from '../../core/engine/define-check.js';
import { linkHeaderHasNext } from '../../core/profile/list-shape.js';
import { describeForeignPaging } from '../../core/profile/query-roles.js';
import { foreignPagingOf, pageOrSkip } from '../support/collection-page.js';

export default defineCheck({
  meta: {
    id: 'paging.guide-params',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title:
      "A paged collection pages with the guide's parameters (`page` and `pageSize`, or a cursor) and `next` links in its body",
    messages: {
      foreign:
        '{{path}} pages with {{scheme}}; the guide says `page` and `pageSize` (offset paging) or a cursor parameter, with `next` links in the body.',
      linkHeader:
        'GET {{url}} links its next page in a Link header, not in a `next` member of the body as the guide says.',
    },
  },
  appliesTo: 'collection',
  // The root of the paging family: the other paging checks are not verified on another scheme (see guidePagingOrSkip).
  async run(ctx, collection) {
    const answered = await foreignPagingOf(ctx, collection);
    const exchange = answered.exchange ?? (await ctx.get(collection.firstPage({ pageSize: 2 })));
    if (answered.foreign)
      return ctx.report(
        'foreign',
        { path: collection.path, scheme: describeForeignPaging(answered.foreign) },
        exchange,
      );
    const body = exchange.response.json;
    const nextInBody =
      typeof body === 'object' &&
      body !== null &&
      !Array.isArray(body) &&
      (body as Record<string, unknown>)['next'] !== undefined;
    if (linkHeaderHasNext(exchange.response.headers['link']) && !nextInBody)
      return ctx.report('linkHeader', { url: exchange.request.url }, exchange);
    if (!collection.paging)
      return ctx.skip(
        `not applicable: ${collection.path} declares no paging and its first page links no next page in a Link header`,
      );
    // The guide's parameters are declared: they hold when the API answers them with a collection page.
    pageOrSkip(ctx, exchange);
    ctx.pass();
  },
});
