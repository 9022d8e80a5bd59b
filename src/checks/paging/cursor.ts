import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { CollectionTarget, Paging } from '../../core/profile/target.js';
import { hrefOf, isAbsoluteUrl, linkOf, pageOrSkip, queryParam } from '../support/collection-page.js';

const SIZE = 3;

const MESSAGES = {
  pageProperty: '{{url}} (cursor paging) has a `page` property ({{page}}); `page` is for offset paging only.',
  nextWithoutCursor: '`next` of {{url}} is {{next}}, without the cursor parameter `{{param}}`.',
  cursorNotAdvancing: '`next` of the second page {{url}} carries the same cursor {{cursor}} as the first page.',
  overlap: 'Item {{href}} is on the first page {{first}} and again on the next page {{url}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'paging.cursor',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'Cursor paging: `next` carries the cursor parameter, pages have no `page` property and do not overlap',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  requires: { what: 'collection with cursor paging', test: (collection) => collection.paging?.kind === 'cursor' },
  // Rows written by other clients between the two page reads may shift a page:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    const { param } = collection.paging as Extract<Paging, { kind: 'cursor' }>;
    // Keyset pages under `results` (restify) are still judged: their list's name is collection.items-array's.
    const listed = { anyList: true };
    const first = pageOrSkip(ctx, await ctx.get(collection.firstPage({ pageSize: SIZE })), listed);
    const url = first.exchange.request.url;
    ctx.expect(
      first.body['page'] === undefined,
      'pageProperty',
      { url, page: JSON.stringify(first.body['page']) },
      first.exchange,
    );
    const next = linkOf(first.body, 'next') ?? ctx.skip(`${url} has no next page to compare with`);
    const cursor = isAbsoluteUrl(next) ? queryParam(next, param) : undefined;
    if (!ctx.expect(cursor !== undefined, 'nextWithoutCursor', { url, next, param }, first.exchange)) return;
    const second = pageOrSkip(ctx, await ctx.get(next), listed);
    const secondUrl = second.exchange.request.url;
    ctx.expect(
      second.body['page'] === undefined,
      'pageProperty',
      { url: secondUrl, page: JSON.stringify(second.body['page']) },
      second.exchange,
    );
    const onFirst = new Set(first.items.map(hrefOf).filter((href) => href !== undefined));
    for (const href of second.items.map(hrefOf)) {
      if (href !== undefined)
        ctx.expect(
          !onFirst.has(href),
          'overlap',
          { href, first: url, url: secondUrl },
          first.exchange,
          second.exchange,
        );
    }
    const after = linkOf(second.body, 'next');
    if (after !== undefined) {
      const again = isAbsoluteUrl(after) ? queryParam(after, param) : undefined;
      if (
        ctx.expect(again !== undefined, 'nextWithoutCursor', { url: secondUrl, next: after, param }, second.exchange)
      ) {
        ctx.expect(again !== cursor, 'cursorNotAdvancing', { url: secondUrl, cursor }, first.exchange, second.exchange);
      }
    }
  }),
});
