import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import {
  getLinked,
  guidePagingOrSkip,
  linkOf,
  onlyPageReason,
  pageOf,
  pageOrSkip,
  queryParam,
  type CollectionPage,
} from '../support/collection-page.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { judgingRecording, NotRecorded, recordedAnswer, recordedGet } from '../support/traffic.js';

const SIZE = 3;

export default defineCheck({
  meta: {
    id: 'paging.page-size-honoured',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
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
    // Its document declares no page size, so the run sends none: there is no size to honour.
    if (collection.unpaged) ctx.skip(`not applicable: ${collection.path} declares no page size parameter`);
    // A recording that lacks the run's page of SIZE is judged on a recorded page that asked another pageSize.
    const recorded = judgingRecording(ctx)
      ? recordedPage(ctx, collection, collection.firstPage({ pageSize: SIZE }))
      : undefined;
    const size = recorded?.size ?? SIZE;
    // A list under `results` or `data` is counted too: its name is collection.items-array's one finding.
    const listed = { anyList: true };
    const first = pageOrSkip(
      ctx,
      recorded?.exchange ?? (await ctx.get(collection.firstPage({ pageSize: SIZE }))),
      listed,
    );
    // A short page without `next` shows only that it is short; with a `pageSize` echo there is still that to judge.
    const degenerate = onlyPageReason(first, size);
    if (degenerate && (first.body['pageSize'] === undefined || degenerate.includes('see paging.next-link')))
      ctx.skip(degenerate);
    const pages: CollectionPage[] = [first];
    // The second page too: the size must hold on pages reached through `next`, and on the last page (of a
    // recording, when it holds that page).
    const next = linkOf(first.body, 'next');
    if (next !== undefined) {
      const base = first.exchange.request.url;
      const linked =
        recorded && sameOrigin(next, base, ctx.baseUrl) ? recordedGet(ctx, new URL(next, base).href) : undefined;
      const second = recorded
        ? linked && pageOf(linked, listed)
        : pageOf(await getLinked(ctx, next, base, 'paging.links-consistent'), listed);
      if (second) pages.push(second);
    }
    for (const page of pages) judge(page.exchange, page);
    function judge(exchange: Exchange, page: CollectionPage) {
      const url = exchange.request.url;
      const count = page.items.length;
      ctx.expect(count <= size, 'tooMany', { url, size, count }, exchange);
      if (linkOf(page.body, 'next') !== undefined) ctx.expect(count >= size, 'tooFew', { url, size, count }, exchange);
      if (page.body['pageSize'] !== undefined)
        ctx.expect(
          page.body['pageSize'] === size,
          'echoDiffers',
          { url, size, echoed: JSON.stringify(page.body['pageSize']) },
          exchange,
        );
    }
  },
});

/** Whether a link (resolved against its page) stays on the API's origin. */
function sameOrigin(link: string, base: string, apiUrl: string): boolean {
  try {
    return new URL(link, base).origin === new URL(apiUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Of a recording: the answer to the run's page of `path`, else a recorded GET of the collection that asked an
 * integer page size and answered 200 (one with `next` first), with that size. Neither: the check needs probing.
 */
function recordedPage(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  path: string,
): { exchange: Exchange; size: number } {
  const exact = recordedGet(ctx, path);
  if (exact) return { exchange: exact, size: SIZE };
  const sized = ctx
    .traffic()
    .map((exchange) => ({ exchange, size: Number(queryParam(exchange.request.url, collection.pageSizeParam)) }))
    .filter(
      ({ exchange, size }) =>
        Number.isInteger(size) &&
        size > 0 &&
        exchange.response.status === 200 &&
        isCollectionGet(ctx, collection, exchange) &&
        pageOf(exchange) !== undefined,
    );
  const found = sized.find(({ exchange }) => linkOf(pageOf(exchange)?.body ?? {}, 'next') !== undefined) ?? sized[0];
  if (!found) throw new NotRecorded('GET', ctx.url(path));
  return found;
}

/** A plain GET of the collection's own path (any query), as a run would send it. */
const isCollectionGet = (ctx: CheckContext<string>, collection: CollectionTarget, exchange: Exchange): boolean =>
  exchange.request.method === 'GET' &&
  exchange.request.url.split('?')[0]?.replace(/\/$/, '') ===
    ctx.url(collection.path).split('?')[0]?.replace(/\/$/, '') &&
  recordedAnswer([exchange]) !== undefined;
