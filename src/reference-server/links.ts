import type { RequestContext } from './context.js';
import { DEFAULT_PAGE_SIZE } from './openapi/parameters.js';
import { queryTemplate } from './query-string.js';

const PAGING_NAMES = ['page', 'pageSize'];

/** The URL of this request, absolute: what `self` must reflect. */
export const selfUrl = (ctx: RequestContext): string => `${ctx.base}${ctx.path}${ctx.rawQuery}`;

/** This request's URL with some query parameters replaced (undefined removes one), as URLSearchParams#set would. */
export function withQuery(ctx: RequestContext, changes: Record<string, string | undefined>): string {
  const query = ctx.parsedQuery.with(changes);
  return `${ctx.base}${ctx.path}${query ? `?${query}` : ''}`;
}

interface OffsetPage<T> {
  items: T[];
  links: { page: number; pageSize: number; total: number; first: string; last: string; prev?: string; next?: string };
}

/** The requested offset page (1-based), its size, and the index of its first item. */
export function offsetRequest(ctx: RequestContext): { page: number; pageSize: number; start: number } {
  const page = (ctx.query.page as number | undefined) ?? 1;
  const pageSize = (ctx.query.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, start: (page - 1) * pageSize };
}

/** The paging links of an offset page of a collection of `total` items ([col-paging]). */
export function offsetLinks(ctx: RequestContext, total: number): OffsetPage<never>['links'] {
  const { page, pageSize } = offsetRequest(ctx);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const at = pageUrl(ctx, pageSize);
  const links: OffsetPage<never>['links'] = { page, pageSize, total, first: at(1), last: at(lastPage) };
  if (page > 1) links.prev = at(Math.min(page - 1, lastPage));
  if (page < lastPage) links.next = at(page + 1);
  return links;
}

/** JSON.stringify(offsetLinks(ctx, total)) without its braces: the members to splice into a page's JSON text. */
export function offsetLinksJson(ctx: RequestContext, total: number): string {
  const page = (ctx.query.page as number | undefined) ?? 1;
  const pageSize = (ctx.query.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const at = pageUrl(ctx, pageSize);
  const quote = plainUrls(ctx) ? (url: string) => `"${url}"` : JSON.stringify;
  let json = `"page":${page},"pageSize":${pageSize},"total":${total},"first":${quote(at(1))},"last":${quote(at(lastPage))}`;
  if (page > 1) json += `,"prev":${quote(at(Math.min(page - 1, lastPage)))}`;
  if (page < lastPage) json += `,"next":${quote(at(page + 1))}`;
  return json;
}

/** JSON.stringify(selfUrl(ctx)), without the escaping scan when nothing in it can need escaping. */
export const selfUrlJson = (ctx: RequestContext): string =>
  plainUrls(ctx) ? `"${selfUrl(ctx)}"` : JSON.stringify(selfUrl(ctx));

// Printable ASCII but `"` and `\`: what JSON.stringify leaves as it is.
const JSON_PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
let plainBase = '';

/** Whether URLs of this request (base, path, and its query or a changed copy) need no JSON escaping. */
function plainUrls(ctx: RequestContext): boolean {
  if (!ctx.parsedQuery.plain || !JSON_PLAIN.test(ctx.path)) return false;
  if (ctx.base === plainBase) return true;
  if (!JSON_PLAIN.test(ctx.base)) return false;
  plainBase = ctx.base; // the configured public base URL: the same on every request
  return true;
}

/** This request's URL for page `n` of `pageSize` items. */
function pageUrl(ctx: RequestContext, pageSize: number): (n: number) => string {
  const template = queryTemplate(ctx.parsedQuery, PAGING_NAMES);
  const prefix = `${ctx.base}${ctx.path}?`;
  return (n) => prefix + template([n, pageSize]);
}

/** Cuts one offset page out of `all` and builds its paging links ([col-paging]). */
export function offsetPage<T>(ctx: RequestContext, all: T[]): OffsetPage<T> {
  const { pageSize, start } = offsetRequest(ctx);
  return { items: all.slice(start, start + pageSize), links: offsetLinks(ctx, all.length) };
}
