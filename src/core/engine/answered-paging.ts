// Paging told from an answer when the profile declares none: a first page whose `next` link, in the body or
// in a Link header, pages in another scheme than the guide's (offset/limit, Skip/Take, per_page).
import type { Exchange } from './exchange.js';
import { isObject } from '../util/json.js';
import { linkHeaderHasNext } from '../profile/list-shape.js';
import { pagingOf, type ForeignPaging } from '../profile/query-roles.js';

/** The query parameter names of a link, or undefined when it is no URL. */
function queryNames(link: string, base: string): string[] | undefined {
  try {
    return [...new Set(new URL(link, base).searchParams.keys())];
  } catch {
    return undefined;
  }
}

/** The URL of the Link header's `rel="next"` link. */
function nextOfLinkHeader(value: string): string | undefined {
  return value
    .split(',')
    .find((part) => linkHeaderHasNext(part))
    ?.match(/<([^>]*)>/)?.[1];
}

/** The foreign paging a first page shows through its `next` link; undefined for the guide's paging or none. */
export function answeredForeignPaging(exchange: Exchange): ForeignPaging | undefined {
  const { status, json, headers } = exchange.response;
  if (status !== 200) return undefined;
  const linkNext = headers['link'] !== undefined ? nextOfLinkHeader(headers['link']) : undefined;
  const bodyNext = isObject(json) && typeof json['next'] === 'string' ? json['next'] : undefined;
  const next = linkNext ?? bodyNext;
  // What the request sent (`pageSize`), a link may echo: the scheme is in the names the API added.
  const sent = queryNames(exchange.request.url, exchange.request.url) ?? [];
  const names =
    next === undefined ? undefined : queryNames(next, exchange.request.url)?.filter((name) => !sent.includes(name));
  return names === undefined
    ? undefined
    : pagingOf(names, linkNext !== undefined && bodyNext === undefined).foreignPaging;
}
