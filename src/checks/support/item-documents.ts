// The data to read item properties from: the item itself, else its embedded or fetched full document (bounded).
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject, valueAtDotted } from '../../core/util/json.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { getLinked, hrefOf, pageOf, type CollectionPage } from './collection-page.js';

export interface ItemData {
  href: string | undefined;
  /** The item merged with its full document when one was needed; read with valueAtDotted. */
  data: unknown;
}

interface ItemDocuments {
  items: ItemData[];
  /** The extra exchanges (embed page, documents) the data came from, for evidence. */
  exchanges: Exchange[];
}

interface ItemDocumentsOptions {
  /** Properties (dotted paths) to read; 'document' when the whole document is needed. */
  needs: string[] | 'document';
  /** At most this many item documents fetched one by one. */
  maxFetches: number;
}

const complete = (item: unknown, needs: string[] | 'document') =>
  needs !== 'document' && needs.every((path) => valueAtDotted(item, path) !== undefined);

/**
 * Reads each item of a page with the properties it needs: items that lack them are completed from the
 * page's `embedded` map, else from the same page asked with the profile's `embed`, else by GET on the
 * item's href (at most `maxFetches`; more skips the check).
 */
export async function itemDocuments(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  page: CollectionPage,
  options: ItemDocumentsOptions,
): Promise<ItemDocuments> {
  const exchanges: Exchange[] = [];
  if (page.items.every((item) => complete(item, options.needs)))
    return { items: page.items.map((item) => ({ href: hrefOf(item), data: item })), exchanges };
  let embedded = isObject(page.body['embedded']) ? page.body['embedded'] : undefined;
  if (!embedded && collection.embed !== undefined) {
    const url = new URL(page.exchange.request.url);
    url.searchParams.append('embed', collection.embed);
    const withEmbed = await ctx.get(url.href);
    exchanges.push(withEmbed);
    const embedPage = pageOf(withEmbed);
    if (embedPage && isObject(embedPage.body['embedded'])) embedded = embedPage.body['embedded'];
  }
  const missing = page.items.filter((item) => {
    const href = hrefOf(item);
    return !complete(item, options.needs) && !(href !== undefined && embedded && isObject(embedded[href]));
  });
  if (missing.length > options.maxFetches) {
    ctx.skip(
      `${missing.length} items lack the properties to judge and more than ${options.maxFetches} documents would have to be fetched`,
    );
  }
  const fetched = new Map<string, unknown>();
  await Promise.all(
    missing.map(async (item) => {
      const href = hrefOf(item);
      if (href === undefined) return;
      const exchange = await getLinked(ctx, href, page.exchange.request.url, 'link.same-origin-items');
      exchanges.push(exchange);
      if (exchange.response.status === 200 && isObject(exchange.response.json))
        fetched.set(href, exchange.response.json);
    }),
  );
  const items = page.items.map((item): ItemData => {
    const href = hrefOf(item);
    if (complete(item, options.needs) || href === undefined) return { href, data: item };
    const document = (embedded && isObject(embedded[href]) ? embedded[href] : undefined) ?? fetched.get(href);
    return { href, data: isObject(document) && isObject(item) ? { ...item, ...document } : item };
  });
  return { items, exchanges };
}

/** A property value shown in a message. */
export const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));
