// The roles of a collection's query parameters: paging (the guide's or another scheme), the other reserved
// parameters (sort, select, embed, lang...), and what is left: the filters. Names compare without case or `$`.

const norm = (name: string): string => name.replace(/^\$/, '').replace(/[-_]/g, '').toLowerCase();

const PAGE_INDEX = new Set(['page', 'pagenumber', 'pageindex', 'pageno']);
const PAGE_SIZE = new Set(['pagesize', 'perpage', 'size', 'limit', 'take', 'top', 'maxresults', 'first']);
const OFFSET = new Set(['offset', 'skip', 'start', 'startindex']);
const CURSOR = new Set([
  'after',
  'cursor',
  'pagetoken',
  'nextpagetoken',
  'continuationtoken',
  'continuation',
  'startingafter',
  'since',
  'before',
  'endingbefore',
  'nexttoken',
  'marker',
]);
// Cursor names that also name time filters: a cursor only where nothing else pages the collection.
const TIME_WORDS = new Set(['since', 'before']);
// Reserved by the guide or by common frameworks: never a property filter.
const OTHER_RESERVED = new Set([
  'sort',
  'sortby',
  'sortorder',
  'sortdirection',
  'order',
  'orderby',
  'direction',
  'dir',
  'ordering',
  'select',
  'fields',
  'embed',
  'expand',
  'include',
  'q',
  'search',
  'lang',
  'language',
  'locale',
  'format',
  'filter',
  'inlinecount',
  'callback',
  'pretty',
]);

// Sort parameters of other conventions that name the property (Django REST framework's `ordering`, OData's
// `$orderby`, `sort_by`); a direction alone (`SortOrder=desc`) sorts by nothing the run can name.
const FOREIGN_SORT = new Set(['ordering', 'orderby', 'sortby']);

/** The parameter a collection sorts with when it is not the guide's `sort`; undefined when it has none or `sort`. */
export function foreignSortOf(names: string[]): string | undefined {
  if (names.includes('sort')) return undefined;
  return names.find((name) => FOREIGN_SORT.has(norm(name)));
}

/** A cursor parameter in the guide's style (`afterCompany`) or a common one (`after`, `cursor`, `pageToken`). */
const isCursor = (name: string): boolean => /^after[A-Z]/.test(name) || CURSOR.has(norm(name));

/**
 * Whether a query parameter is reserved (paging, sort, select, embed, language...) rather than a filter. A
 * parameter that cannot be a cursor (`cursor: false`: a date, a boolean) is never reserved for its cursor name.
 */
export function isReservedQuery(name: string, options: { cursor?: boolean } = {}): boolean {
  const n = norm(name);
  const cursor = options.cursor !== false && isCursor(name);
  return PAGE_INDEX.has(n) || PAGE_SIZE.has(n) || OFFSET.has(n) || OTHER_RESERVED.has(n) || cursor;
}

/** The guide's paging of a collection: offset (page and pageSize) or a cursor parameter. */
export type Paging = { kind: 'offset' } | { kind: 'cursor'; param: string };

/** Paging in another scheme than the guide's: the parameters the API pages with, and whether it links pages in a Link header. */
export interface ForeignPaging {
  params: string[];
  linkHeader?: boolean;
}

export interface PagingRoles {
  paging?: Paging;
  foreignPaging?: ForeignPaging;
  pageSizeParam?: string;
  pageParam?: string;
}

/**
 * The paging scheme told by a collection's query parameter names (and a declared Link header): the guide's
 * offset (`page`, `pageSize`) or cursor paging, or another scheme (offset/limit, Skip/Take, page/per_page,
 * Link headers) that the paging checks report once as such.
 */
export function pagingOf(names: string[], linkHeader = false, notCursors: readonly string[] = []): PagingRoles {
  const find = (set: Set<string>, except?: string): string | undefined =>
    names.find((n) => set.has(norm(n)) && n !== except);
  const size = names.includes('pageSize') ? 'pageSize' : find(PAGE_SIZE);
  const page = find(PAGE_INDEX);
  const offset = find(OFFSET);
  // A parameter that cannot hold a cursor (a date, a boolean flag) is none, whatever its name; beside an index or
  // an offset, `since` and `before` filter by time rather than page (the collection is not also cursor-paged).
  const paged = page !== undefined || offset !== undefined;
  const cursor = names.find(
    (name) => isCursor(name) && !notCursors.includes(name) && !(paged && TIME_WORDS.has(norm(name))),
  );
  const sizeParam = size !== undefined && size !== 'pageSize' ? { pageSizeParam: size } : {};
  if (cursor !== undefined && !linkHeader) return { paging: { kind: 'cursor', param: cursor }, ...sizeParam };
  const guideOffset = page === 'page' && (size === undefined || size === 'pageSize') && offset === undefined;
  if (guideOffset && !linkHeader) return { paging: { kind: 'offset' } };
  const params = [offset ?? page ?? cursor, size].filter((n): n is string => n !== undefined);
  if (params.length === 0 && !linkHeader) return {};
  return {
    foreignPaging: { params, ...(linkHeader ? { linkHeader: true } : {}) },
    ...sizeParam,
    ...(page !== undefined && page !== 'page' ? { pageParam: page } : {}),
  };
}

/** "`Skip` and `Take`", "`page`, `per_page` and a Link header": how the API pages, for a message. */
export function describeForeignPaging(foreign: ForeignPaging): string {
  const parts = [...foreign.params.map((p) => `\`${p}\``), ...(foreign.linkHeader ? ['a Link header'] : [])];
  return parts.length <= 1
    ? (parts[0] ?? 'nothing')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}
