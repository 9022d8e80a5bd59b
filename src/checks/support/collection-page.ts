// Reading one page of a collection: its body, items and links, as the collection-family checks need them.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { listingOf } from '../../core/profile/list-shape.js';
import { answeredForeignPaging } from '../../core/engine/answered-paging.js';
import { describeForeignPaging, type ForeignPaging } from '../../core/profile/query-roles.js';
import type { CollectionTarget } from '../../core/profile/target.js';

export interface CollectionPage {
  exchange: Exchange;
  body: Record<string, unknown>;
  items: unknown[];
}

export interface PageOptions {
  /**
   * A list under another member (`results`, `data`) is the page's items: its name is collection.items-array's one
   * finding, and a check that judges something else of the page (its paging) still can.
   */
  anyList?: boolean;
  /** A bare JSON array is the page's items, with no other member: that it is no object is collection.is-object's. */
  array?: boolean;
}

/** The page when the exchange is a 200 JSON object with an `items` array (or, `anyList`, another list); else undefined. */
export function pageOf(exchange: Exchange, options: PageOptions = {}): CollectionPage | undefined {
  const body = exchange.response.json;
  if (exchange.response.status === 200 && options.array === true && Array.isArray(body))
    return { exchange, body: {}, items: body };
  if (exchange.response.status !== 200 || !isObject(body)) return undefined;
  if (Array.isArray(body['items'])) return { exchange, body, items: body['items'] };
  const listing = options.anyList === true ? listingOf(body, { knownList: true }) : undefined;
  return listing ? { exchange, body, items: listing.items } : undefined;
}

/**
 * The page, or a skip: a page that is not a collection is what the collection.* checks report,
 * so the other checks have no verdict to give on it.
 */
export function pageOrSkip(ctx: CheckContext<string>, exchange: Exchange, options: PageOptions = {}): CollectionPage {
  const page = pageOf(exchange, options);
  if (page) return page;
  return ctx.skip(notCollectionReason(exchange));
}

/**
 * Why a page is no guide collection page, as a skip reason pointing at the check that reports it: items listed
 * under another name (`results`) are collection.items-array's one finding; the checks that need `items` are not verified.
 */
export function notCollectionReason(exchange: Exchange): string {
  const { status, json } = exchange.response;
  // One finding per cause: a bare array is collection.is-object's, any other non-collection collection.items-array's.
  if (status === 200 && Array.isArray(json))
    return `GET ${exchange.request.url} answered a JSON array, not a collection object: not verified, see collection.is-object`;
  const listing = status === 200 ? listingOf(json, { knownList: true }) : undefined;
  if (listing && listing.under !== '' && listing.under !== 'items') {
    return `GET ${exchange.request.url} lists its items under \`${listing.under}\`, not \`items\`: not verified, see collection.items-array`;
  }
  return `GET ${exchange.request.url} answered ${status} without a collection body: not verified, see collection.items-array`;
}

/** What one first page showed of each collection whose paging is undeclared, read once for all paging checks. */
const answered = new WeakMap<CollectionTarget, Promise<{ foreign?: ForeignPaging; exchange?: Exchange }>>();

/**
 * The paging in another scheme than the guide's: declared in the profile, or, where it declares no paging,
 * shown by the first page's `next` link or Link header (one request, shared by the paging checks).
 */
export function foreignPagingOf(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
): Promise<{ foreign?: ForeignPaging; exchange?: Exchange }> {
  if (collection.foreignPaging) return Promise.resolve({ foreign: collection.foreignPaging });
  if (collection.paging) return Promise.resolve({});
  let found = answered.get(collection);
  if (!found) {
    found = ctx.get(collection.firstPage({ pageSize: 2 })).then((exchange) => {
      const foreign = answeredForeignPaging(exchange);
      return foreign ? { foreign, exchange } : { exchange };
    });
    // A failed read is not remembered: the next check asks again.
    found.catch(() => answered.delete(collection));
    answered.set(collection, found);
  }
  return found;
}

/**
 * A skip for the paging checks when the API pages in another scheme than the guide's: paging.guide-params reports
 * that once, and what the guide's paging would show cannot be read from the API's.
 */
export async function guidePagingOrSkip(ctx: CheckContext<string>, collection: CollectionTarget): Promise<void> {
  const { foreign } = await foreignPagingOf(ctx, collection);
  if (foreign)
    ctx.skip(
      `${collection.path} pages with ${describeForeignPaging(foreign)}, not the guide's parameters: not verified, see paging.guide-params`,
    );
}

/** A string link property of a body (`next`, `self`...), or undefined. */
export function linkOf(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** The `href` of an item, or undefined. */
export function hrefOf(item: unknown): string | undefined {
  return isObject(item) && typeof item['href'] === 'string' ? item['href'] : undefined;
}

/** True for an absolute http(s) URL. */
/** An empty or blank link: it names no resource, and resolved against its page it would look like one (see link.absolute). */
export const isBlankLink = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

export function isAbsoluteUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/** The integer `total` of a body, or undefined when absent or not a non-negative integer. */
export function totalOf(body: Record<string, unknown>): number | undefined {
  const total = body['total'];
  return typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : undefined;
}

/** Members some frameworks give for the size of the whole result instead of the guide's `total`. */
const COUNT_MEMBERS = ['totalItems', 'totalCount', 'total_count', 'totalElements', 'totalResults', 'count'];

/** How many items a page says the whole result has: `total`, else a framework's count member; with the member's name. */
export function claimedTotal(body: Record<string, unknown>): { member: string; total: number } | undefined {
  for (const member of ['total', ...COUNT_MEMBERS]) {
    const value = body[member];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { member, total: value };
  }
  return undefined;
}

/**
 * Why a first page without `next` and with fewer items than asked gives a paging check nothing to judge: the
 * only page of a small collection, or a page claiming more items than it has (a missing `next`:
 * paging.next-link's finding). Undefined when the page has `next` or is full.
 */
export function onlyPageReason(page: CollectionPage, pageSize: number): string | undefined {
  if (typeof page.body['next'] === 'string' || page.items.length >= pageSize) return undefined;
  const url = page.exchange.request.url;
  const claim = claimedTotal(page.body);
  const items = `${page.items.length} item${page.items.length === 1 ? '' : 's'}`;
  if (claim && claim.total > page.items.length) {
    return claim.member === 'total'
      ? `not verified, see paging.next-link: ${url} has ${items} of the ${claim.total} \`total\` claims and no \`next\``
      : `not verified: ${url} has ${items}, no \`next\` and no \`total\`, while its \`${claim.member}\` claims ${claim.total}: the API does not page as the guide says (next, total)`;
  }
  return `not verified: ${url} is the only page (${items}, fewer than the ${pageSize} asked, no \`next\`), so no page showed paging`;
}

/** Members of a page that show paging: a page size or index echoed, a paging link, a `total`. */
const PAGING_MEMBERS = ['pageSize', 'page', 'next', 'prev', 'first', 'last', 'total'];

/**
 * Why a walk judges no paging where the document declares none and the one page read shows none (one whole list,
 * no paging member): a pass there would count what was never seen. Undefined where paging was declared or seen.
 */
export function unpagedReason(
  collection: CollectionTarget,
  pages: ReadonlyArray<CollectionPage | undefined>,
): string | undefined {
  const [first] = pages;
  if (collection.paging || pages.length !== 1 || !first) return undefined;
  if (PAGING_MEMBERS.some((name) => first.body[name] !== undefined)) return undefined;
  return `not applicable: ${collection.path} declares no paging and its first page shows none (${first.items.length} items at ${first.exchange.request.url}, no ${PAGING_MEMBERS.join(', ')})`;
}

/** A query parameter of an absolute URL (first value), or undefined. */
export function queryParam(url: string, name: string): string | undefined {
  try {
    return new URL(url).searchParams.get(name) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A value no data set contains, for filters and searches that must match nothing. */
export const NO_MATCH = 'restguideNoSuchValue7f3a9c';

/** Values of a format that no data set holds: a date before any record, the nil-like uuid no API assigns. */
const NO_MATCH_OF_FORMAT: Record<string, string> = {
  date: '1000-01-01',
  'date-time': '1000-01-01T00:00:00Z',
  uuid: '00000000-0000-4000-8000-7f3a9c7f3a9c',
};

const FAR_FUTURE: Record<string, string> = { date: '9999-12-31', 'date-time': '9999-12-31T23:59:59Z' };

/**
 * Names of a range's lower bound (`submittedAfter`, `fromDate`, `dateFrom`, `since`, `minDate`, `createdGte`,
 * `startDate`); the rest (an equality, or an upper bound: `*Before`, `to*`, `until`, `max*`, `end*`) take the far past.
 */
const LOWER_BOUND =
  /(?:After|Since|Gte?|From|_after|_since|_gte?|_from)$|^(?:from|since|min|start|after|gte?)(?:[A-Z_]|$)/;

/**
 * A plain string filter named as a time (`from`, `since`, `until`, `startDate`, `createdAt`): zod-openapi drops
 * `z.string().date()`'s format, and the API refuses free text. A far date matches nothing as free text does.
 */
const TIME_NAME =
  /^(?:from|since|until|before|after|date)$|[a-z0-9](?:From|Since|Until|Before|After|Date|At)$|_(?:from|since|until|before|after|date|at)$/;

/**
 * A value for `filter` that matches nothing and fits what the document declares of it (type, format, maxLength);
 * undefined when none can be made: a boolean or an enum has no value outside its data, a pattern or a number no
 * value sure to both fit and match nothing. Nothing declared: NO_MATCH.
 */
export function noMatchValue(collection: CollectionTarget, filter: string): string | undefined {
  const schema = collection.filterSchemas?.[filter];
  if (schema === undefined) return NO_MATCH;
  if (schema.enum || schema.pattern !== undefined) return undefined;
  if (schema.type !== undefined && schema.type !== 'string') return undefined;
  if (schema.format !== undefined) {
    // A lower bound (`submittedAfter`, `from`) holds every record from the far past on: it gets the far future.
    if (LOWER_BOUND.test(filter) && schema.format in FAR_FUTURE) return FAR_FUTURE[schema.format];
    return NO_MATCH_OF_FORMAT[schema.format];
  }
  const max = schema.maxLength ?? NO_MATCH.length;
  if (TIME_NAME.test(filter) && max >= 10) return LOWER_BOUND.test(filter) ? FAR_FUTURE['date'] : '1000-01-01';
  // Cut to the declared length, long enough still to be a value no data holds.
  return max >= 12 ? NO_MATCH.slice(0, max) : undefined;
}

/**
 * GETs a link a page gave (an item href, `next`), unless it leaves the API's origin: that link is the finding of
 * the check about such links (`owner`), and a check that only needed to follow it skips pointing there.
 */
export async function getLinked(
  ctx: CheckContext<string>,
  link: string,
  base: string,
  owner: string,
): Promise<Exchange> {
  let url: URL | undefined;
  try {
    url = new URL(link, base);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== new URL(ctx.baseUrl).origin)
    return ctx.skip(`a page links ${link}, outside the API, so it is not followed (see ${owner})`);
  return ctx.get(url.href);
}
