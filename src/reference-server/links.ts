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

export interface OffsetPage<T> {
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
  const template = queryTemplate(ctx.parsedQuery, PAGING_NAMES);
  const size = String(pageSize);
  const at = (n: number) => `${ctx.base}${ctx.path}?${template([String(n), size])}`;
  const links: OffsetPage<never>['links'] = { page, pageSize, total, first: at(1), last: at(lastPage) };
  if (page > 1) links.prev = at(Math.min(page - 1, lastPage));
  if (page < lastPage) links.next = at(page + 1);
  return links;
}

/** Cuts one offset page out of `all` and builds its paging links ([col-paging]). */
export function offsetPage<T>(ctx: RequestContext, all: T[]): OffsetPage<T> {
  const { pageSize, start } = offsetRequest(ctx);
  return { items: all.slice(start, start + pageSize), links: offsetLinks(ctx, all.length) };
}
