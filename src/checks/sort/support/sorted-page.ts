// A page asked with `sort` keys, its items' sort values, and an ordering test tolerant of string collations.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { valueAtDotted } from '../../../core/util/json.js';
import type { CollectionTarget } from '../../../core/profile/target.js';
import { pageOf } from '../../support/collection-page.js';
import { itemDocuments } from '../../support/item-documents.js';

export interface SortKey {
  property: string;
  descending: boolean;
}

interface SortedPage {
  exchange: Exchange;
  /** The exchanges the values were read from (embed page, documents). */
  sources: Exchange[];
  /** Per item in page order: its sort values, one per key (undefined when absent). */
  rows: Array<{ href: string | undefined; values: unknown[] }>;
}

// Large enough that a seeded first page is rarely in every order already (the reference one is, at 8, by name).
const PAGE_SIZE = 20;

export const sortParam = (keys: SortKey[]): string[] => keys.map((k) => `${k.descending ? '-' : ''}${k.property}`);

/** GETs the first page sorted by `keys`; undefined (with the exchange) when it is not a collection page. */
export async function sortedPage(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  keys: SortKey[],
  options: { unsorted?: boolean } = {},
): Promise<SortedPage | Exchange> {
  // Unsorted: the same page without `sort`, its items' values of the keys read all the same.
  const exchange = await ctx.get(
    collection.firstPage({ pageSize: PAGE_SIZE, query: options.unsorted ? {} : { sort: sortParam(keys) } }),
  );
  const page = pageOf(exchange);
  if (!page) return exchange;
  return rowsOf(ctx, collection, exchange, page, keys);
}

/**
 * The page after `first` (its `next` link, followed as given), with the same sort values read; undefined when
 * there is none, it leaves the API (paging.next-link's finding) or it is no collection page.
 */
export async function nextSortedPage(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  first: SortedPage,
  keys: SortKey[],
): Promise<SortedPage | undefined> {
  const next = pageOf(first.exchange)?.body['next'];
  if (typeof next !== 'string' || next === '') return undefined;
  let url: URL;
  try {
    url = new URL(next, first.exchange.request.url);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(ctx.baseUrl).origin) return undefined;
  const exchange = await ctx.get(url.href);
  const page = pageOf(exchange);
  if (!page || page.items.length === 0) return undefined;
  return rowsOf(ctx, collection, exchange, page, keys);
}

/** A page's items with their values of the keys, read from the items or, where they lack them, their documents. */
async function rowsOf(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  exchange: Exchange,
  page: NonNullable<ReturnType<typeof pageOf>>,
  keys: SortKey[],
): Promise<SortedPage> {
  const { items, exchanges } = await itemDocuments(ctx, collection, page, {
    needs: keys.map((k) => k.property),
    maxFetches: PAGE_SIZE,
  });
  return {
    exchange,
    sources: exchanges,
    rows: items.map((item) => ({ href: item.href, values: keys.map((k) => valueAtDotted(item.data, k.property)) })),
  };
}

type Collation = (a: string, b: string) => number;
// Servers sort strings by code unit, by locale, or case-insensitively; any one of them is an ascending order.
const COLLATIONS: Collation[] = [
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  (a, b) => a.localeCompare(b, 'en'),
  (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }),
];

function compare(a: unknown, b: unknown, collation: Collation): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'string' && typeof b === 'string') return Math.sign(collation(a, b));
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

/**
 * Whether row `a` may come before row `b` under the keys (lexicographic, `-` reversing a key):
 * true or false, or undefined when a value is absent or of another type than its partner.
 */
function inOrder(a: unknown[], b: unknown[], keys: SortKey[]): boolean | undefined {
  let comparable = false;
  for (const collation of COLLATIONS) {
    let verdict: boolean | undefined = true;
    for (const [index, key] of keys.entries()) {
      const result = compare(a[index], b[index], collation);
      if (result === undefined) {
        verdict = index === 0 ? undefined : true;
        break;
      }
      if (result !== 0) {
        verdict = (key.descending ? -result : result) < 0;
        break;
      }
    }
    if (verdict === true) return true;
    if (verdict === false) comparable = true;
  }
  return comparable ? false : undefined;
}

/** The first pair of neighbours out of order, or 'none', or 'incomparable' when no pair could be compared. */
export function firstDisorder(page: SortedPage, keys: SortKey[]): { index: number } | 'none' | 'incomparable' {
  let compared = false;
  for (let index = 0; index + 1 < page.rows.length; index++) {
    const verdict = inOrder(page.rows[index]?.values ?? [], page.rows[index + 1]?.values ?? [], keys);
    if (verdict === false) return { index };
    if (verdict === true) compared = true;
  }
  return compared ? 'none' : 'incomparable';
}

export const showValues = (values: unknown[] | undefined): string =>
  (values ?? []).map((v) => (v === undefined ? '(absent)' : JSON.stringify(v))).join(', ');
