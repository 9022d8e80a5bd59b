// Filtered pages with the filtered properties read from the items or their documents (bounded).
import { defineCheck, type CheckContext, type CheckMeta } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { SkipSignal } from '../../core/engine/check-context.js';
import type { Query } from '../../core/http/http-client.js';
import { valueAtDotted } from '../../core/util/json.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { linkOf, notCollectionReason, pageOf, type PageOptions } from './collection-page.js';
import { confirming } from './confirm.js';
import { itemDocuments, type ItemData } from './item-documents.js';

interface ReadPage {
  exchange: Exchange;
  /** The exchanges the property values came from, for evidence. */
  sources: Exchange[];
  items: ItemData[];
  hasNext: boolean;
}

/** GETs one page with `query` and reads `needs` of each item; the bare exchange when it is not a collection page. */
export async function readPage(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  pageSize: number,
  query: Query,
  needs: string[] | 'document',
  options: PageOptions = {},
): Promise<ReadPage | Exchange> {
  const exchange = await ctx.get(collection.firstPage({ pageSize, query }));
  const page = pageOf(exchange, options);
  if (!page) return exchange;
  const { items, exchanges } = await itemDocuments(ctx, collection, page, { needs, maxFetches: pageSize * 2 });
  return { exchange, sources: exchanges, items, hasNext: linkOf(page.body, 'next') !== undefined };
}

/** readPage for a check that judges the page: reports `status` and gives undefined when it is no collection page. */
export async function readJudgedPage(
  ctx: CheckContext<'status'>,
  collection: CollectionTarget,
  pageSize: number,
  query: Query,
  needs: string[] | 'document',
  options: PageOptions = {},
): Promise<ReadPage | undefined> {
  const page = await readPage(ctx, collection, pageSize, query, needs, options);
  if ('items' in page) return page;
  ctx.report('status', { url: page.request.url, status: page.response.status }, page);
  return undefined;
}

/** The filters named like properties: the full-text parameter (`q`, reserved by the guide) is no property. */
export const propertyFilters = (collection: CollectionTarget): string[] =>
  collection.filters.filter((name) => name !== 'q' && name !== collection.fullText);

export const WITH_PROPERTY_FILTER = {
  what: 'collection with a property filter',
  test: (collection: CollectionTarget): boolean => propertyFilters(collection).length > 0,
};
export const WITH_TWO_PROPERTY_FILTERS = {
  what: 'collection with two property filters',
  test: (collection: CollectionTarget): boolean => propertyFilters(collection).length > 1,
};

/** A value a query parameter can carry (string, number or boolean), or undefined. */
export function primitiveAt(data: unknown, path: string): string | number | boolean | undefined {
  const value = valueAtDotted(data, path);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** Whether the item's property matches a filter value as sent in the query (a multi-valued property: any element). */
export function matches(data: unknown, path: string, wanted: string): boolean {
  const value = valueAtDotted(data, path);
  return Array.isArray(value)
    ? value.some((one) => String(one) === wanted)
    : value !== undefined && value !== null && String(value) === wanted;
}

/** The unfiltered first page the filter values are taken from; skips when it is not a collection page. */
export async function samplePage(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  pageSize: number,
  needs: string[] | 'document',
  options: PageOptions = {},
): Promise<ReadPage> {
  const sample = await readPage(ctx, collection, pageSize, {}, needs, options);
  if (!('items' in sample)) ctx.skip(notCollectionReason(sample));
  return sample;
}

/**
 * A check of the collection's first property filter: the guard, the re-reads and the unfiltered sample page its
 * values are taken from are the same for each, so `run` gets the filter and the sample.
 */
export function defineFilterCheck<const M extends string>(check: {
  meta: CheckMeta<M>;
  /** Which filter the check judges (it may skip); the first property filter when not given. */
  filterOf?: (ctx: CheckContext<M>, collection: CollectionTarget) => string;
  run(ctx: CheckContext<M>, collection: CollectionTarget, filter: string, sample: ReadPage): Promise<void>;
}) {
  return defineCheck({
    meta: check.meta,
    appliesTo: 'collection',
    requires: WITH_PROPERTY_FILTER,
    // Shared data may move under other clients: a fault counts when a re-read repeats it.
    run: confirming(check.meta.messages, async (ctx, collection: CollectionTarget) => {
      const first = propertyFilters(collection)[0] as string;
      // A collection that is no page (items under `results`) is told first: its skip points at the root cause.
      let chosen: string | SkipSignal;
      try {
        chosen = check.filterOf ? check.filterOf(ctx, collection) : first;
      } catch (error) {
        if (!(error instanceof SkipSignal)) throw error;
        chosen = error;
      }
      const sample = await samplePage(ctx, collection, 5, [typeof chosen === 'string' ? chosen : first]);
      if (typeof chosen !== 'string') throw chosen;
      await check.run(ctx, collection, chosen, sample);
    }),
  });
}
