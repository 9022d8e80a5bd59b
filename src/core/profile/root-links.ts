// A model of an API that publishes no OpenAPI document, from what its root answers: a JSON object linking its
// collections (Django REST framework's API root, an index of links). Each link under the base URL is read once;
// one that lists objects is a collection, and its items' own links give the item path and the key.
import type { ProxyEnv, TlsMaterial } from '../http/auth/transport.js';
import { HttpClient } from '../http/http-client.js';
import { isObject } from '../util/json.js';
import { listingOf } from './list-shape.js';
import type { CollectionProfile, DocumentProfile, Profile } from './profile.js';

/** Links read from the root: enough for an index of resources, bounded for a root that lists data. */
const MAX_LINKS = 12;
/** Members an item names its own URL with. */
const SELF_MEMBERS = ['href', 'self', 'url', 'uri'];

export interface RootModel {
  profile: Profile;
  /** The URL whose answer linked the collections. */
  root: string;
}

/** The path of `link` relative to the base URL's path, or undefined when it lies outside the API. */
function pathUnder(base: URL, link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link, `${base.href}/`);
  } catch {
    return undefined;
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`) || url.search !== '') return undefined;
  const path = url.pathname.slice(prefix.length);
  return path === '/' ? undefined : path;
}

/** The links of a root answer: string members that are URLs under the base URL, or objects holding an `href`. */
function rootLinks(base: URL, json: unknown): string[] {
  if (!isObject(json)) return [];
  const paths = Object.values(json)
    .map((value) => (typeof value === 'string' ? value : isObject(value) ? value['href'] : undefined))
    .filter((value): value is string => typeof value === 'string')
    .map((link) => pathUnder(base, link))
    .filter((path): path is string => path !== undefined);
  return [...new Set(paths)].slice(0, MAX_LINKS);
}

/** The item path and key of a collection's items, told by their own links (`/companies/11/` and `id: 11`). */
function itemModel(base: URL, collection: string, items: unknown[]): { itemPath: string; key: string } | undefined {
  const stem = collection.replace(/\/+$/, '');
  for (const item of items.slice(0, 5)) {
    if (!isObject(item)) continue;
    for (const member of SELF_MEMBERS) {
      const link = item[member];
      const path = typeof link === 'string' ? pathUnder(base, link) : undefined;
      const match = path === undefined ? null : new RegExp(`^${escape(stem)}/([^/]+)(/?)$`).exec(path);
      if (!match) continue;
      const segment = decodeURIComponent(match[1] ?? '');
      const key = Object.keys(item).find(
        (name) => name !== member && ['string', 'number'].includes(typeof item[name]) && String(item[name]) === segment,
      );
      if (key !== undefined) return { itemPath: `${stem}/{${key}}${match[2] ?? ''}`, key };
    }
  }
  return undefined;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The collections an API's root links to, and their documents; undefined when the root links none. Sends a GET
 * to the root (with and without a trailing slash) and one to each link, with the run's headers.
 */
export async function modelFromRoot(
  url: string,
  options: { timeoutMs: number; headers?: Record<string, string>; tls?: TlsMaterial; proxy?: ProxyEnv },
): Promise<RootModel | undefined> {
  const base = new URL(url.replace(/\/+$/, ''));
  const client = new HttpClient({
    baseUrl: base.href,
    allowWrites: false,
    timeoutMs: options.timeoutMs,
    concurrency: 4,
    // Discovery is a best effort: a root that does not answer is not asked again.
    retries: 0,
    bodyCapBytes: 4 * 1024 * 1024,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  const get = (target: string) =>
    client.request({ url: target, headers: { accept: 'application/json' } }).catch(() => undefined);
  try {
    let root: string | undefined;
    let links: string[] = [];
    // The root with a trailing slash only when the one without did not answer 200 (Django redirects to it).
    for (const candidate of [base.href, `${base.href}/`]) {
      const answer = await get(candidate);
      if (answer?.response.status !== 200) continue;
      links = rootLinks(base, answer.response.json);
      root = candidate;
      break;
    }
    if (root === undefined || links.length === 0) return undefined;
    const collections: CollectionProfile[] = [];
    const documents: DocumentProfile[] = [];
    for (const path of links) {
      const answer = await get(new URL(`${base.href}${path}`).href);
      const listing = answer?.response.status === 200 ? listingOf(answer.response.json) : undefined;
      if (!listing) continue;
      const item = itemModel(base, path, listing.items);
      collections.push({ path, ...(item ? { key: item.key, itemPath: item.itemPath } : {}) });
      if (item) documents.push({ path: item.itemPath, sampleIdsFrom: { collection: path, property: item.key } });
    }
    return collections.length === 0 ? undefined : { profile: { collections, documents }, root };
  } finally {
    await client.close();
  }
}
