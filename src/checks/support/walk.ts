// Walks a collection along its `next` links with a page size chosen from `total`, so the walk stays bounded.
import type { CheckContext, FollowResult } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { pageOf, pageOrSkip, totalOf, type CollectionPage } from './collection-page.js';

export interface Walk {
  pageSize: number;
  /** `total` of the first page, when it has one. */
  total: number | undefined;
  /** Every exchange of the walk, in order, with its page when it is a collection page. */
  steps: Array<{ exchange: Exchange; page: CollectionPage | undefined }>;
  stop: FollowResult['stop'];
  /** The link not followed (cycle, max, cross-origin). */
  url?: string;
}

export interface WalkOptions {
  /** At most this many requests in the walk (the first page included). */
  maxRequests: number;
  /** The number of pages aimed at when `total` is known. */
  targetPages: number;
  /** Pages listing their items under another name than `items` are walked too (see PageOptions). */
  anyList?: boolean;
}

export const PROBE_PAGE_SIZE = 2;
// Most APIs cap pageSize at 100 or more; asking more would not shorten the walk.
const MAX_PAGE_SIZE = 100;

/** Skips when `total` says the walk could not end within the bound. */
export async function walkCollection(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  options: WalkOptions,
): Promise<Walk> {
  const probe = await ctx.get(collection.firstPage({ pageSize: PROBE_PAGE_SIZE }));
  const listed = { anyList: options.anyList === true };
  const total = totalOf(pageOrSkip(ctx, probe, listed).body);
  let pageSize = PROBE_PAGE_SIZE;
  let first = probe;
  if (total !== undefined) {
    pageSize = Math.min(MAX_PAGE_SIZE, Math.max(PROBE_PAGE_SIZE, Math.ceil(total / options.targetPages)));
    if (Math.ceil(total / pageSize) > options.maxRequests) {
      // Too many pages to walk, unless the first already ends the walk short of `total`: that page is judged alone.
      const probePage = pageOf(probe, listed);
      const endsShort =
        probePage !== undefined && typeof probePage.body['next'] !== 'string' && probePage.items.length < total;
      if (!endsShort) ctx.skip(`total ${total} needs more than ${options.maxRequests} pages of ${pageSize}`);
      return { pageSize: PROBE_PAGE_SIZE, total, steps: [{ exchange: probe, page: probePage }], stop: 'end' };
    }
    if (pageSize !== PROBE_PAGE_SIZE) first = await ctx.get(collection.firstPage({ pageSize }));
  }
  const followed = await ctx.follow(first, { max: options.maxRequests - 1 });
  return {
    pageSize,
    total,
    steps: followed.exchanges.map((exchange) => ({ exchange, page: pageOf(exchange, listed) })),
    stop: followed.stop,
    ...(followed.url !== undefined ? { url: followed.url } : {}),
  };
}
