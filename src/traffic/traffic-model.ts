// A model of an API from its traffic alone, when no document or profile describes it (a browser's recording, a
// proxy in front of an API that publishes nothing): as a run reads an API's root links (src/core/profile/root-links.ts),
// a GET answered with a list is a collection, a GET of one of its items answered with an object is its document,
// and the item's member holding the URL's last segment is its key. Sample ids are those the traffic read.
import type { Exchange } from '../core/engine/exchange.js';
import { isObject } from '../core/util/json.js';
import { LIST_NAMES, listingOf } from '../core/profile/list-shape.js';
import type { CollectionProfile, DocumentProfile, Profile } from '../core/profile/profile.js';
import { pagingOf } from '../core/profile/query-roles.js';

/** Bounds: enough for an API's resources, bounded for a recording that reads many nested lists. */
const MAX_COLLECTIONS = 12;
const MAX_DOCUMENTS = 12;
const MAX_SAMPLE_IDS = 5;
/** Members an item names its own URL with. */
const SELF_MEMBERS = ['href', 'self', 'url', 'uri'];
/** Members of a page that link other pages: their query names tell the paging scheme as the request's do. */
const PAGE_LINKS = ['next', 'prev', 'previous', 'first', 'last', 'self'];

interface CollectionSeen {
  /** The path as first recorded (its trailing slash kept: a framework's style). */
  path: string;
  /** Query parameter names of its recorded GETs and of its pages' links. */
  queryNames: Set<string>;
  /** Item paths and keys the items' own links told. */
  item?: { key?: string; slash: string };
  listedIds: string[];
}

interface DocumentSeen {
  /** The collection's path without trailing slash, the item's segment's key. */
  stem: string;
  key?: string;
  slash: string;
  ids: string[];
}

const bare = (path: string): string => path.replace(/\/+$/, '');

/** Collections, documents and sample ids told by the traffic so far; `profile()` is the model of it. */
export class TrafficModel {
  private readonly base: URL;
  private readonly prefix: string;
  private readonly collections = new Map<string, CollectionSeen>();
  /**
   * Objects answered per path (bare), waiting for their collection to be seen: `/employers/123` → the path as
   * recorded and the member holding 123, if any (not the body: a recording's large documents are not kept).
   */
  private readonly objects = new Map<string, { path: string; key: string | undefined }>();
  private readonly documents = new Map<string, DocumentSeen>();
  /** Bumped whenever the model gains a resource or a sample id: the target is then made anew. */
  version = 0;

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
    this.prefix = bare(this.base.pathname);
  }

  /** The path of a URL under the base URL (`/employers/123`), or undefined when it lies outside it. */
  private pathOf(url: string): { path: string; query: string[] } | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url, `${this.base.href}/`);
    } catch {
      return undefined;
    }
    if (parsed.origin !== this.base.origin || !parsed.pathname.startsWith(`${this.prefix}/`)) return undefined;
    const path = parsed.pathname.slice(this.prefix.length);
    return bare(path) === '' ? undefined : { path, query: [...parsed.searchParams.keys()] };
  }

  /** Reads a batch of exchanges; returns whether the model changed. */
  observe(exchanges: readonly Exchange[]): boolean {
    const before = this.version;
    for (const { request, response } of exchanges) {
      if (request.method !== 'GET' || response.status !== 200 || response.truncated) continue;
      const json = response.json;
      const at = this.pathOf(request.url);
      if (at === undefined || json === undefined) continue;
      const listing = listingOf(json);
      // A list under a name frameworks use, or a bare array: a document's own arrays (`addresses`) make no list.
      if (listing && (listing.under === '' || LIST_NAMES.includes(listing.under)) && !this.isItem(at.path))
        this.seeCollection(at.path, at.query, json, listing.items);
      else if (isObject(json))
        this.seeObject(at.path, keyIn(json, safeDecode(/[^/]+(?=\/?$)/.exec(at.path)?.[0] ?? '')));
    }
    return this.version !== before;
  }

  /** Whether a path is an item of a collection already seen (its answer is a document, whatever it holds). */
  private isItem(path: string): boolean {
    const stem = bare(path).replace(/\/[^/]+$/, '');
    return this.documents.has(stem);
  }

  private seeCollection(path: string, query: string[], page: unknown, items: unknown[]): void {
    const key = bare(path);
    let seen = this.collections.get(key);
    if (!seen) {
      if (this.collections.size >= MAX_COLLECTIONS) return;
      seen = { path, queryNames: new Set(), listedIds: [] };
      this.collections.set(key, seen);
      this.version++;
    }
    const names = new Set([...query, ...(isObject(page) ? this.linkQueryNames(page) : [])]);
    for (const name of names)
      if (!seen.queryNames.has(name)) {
        seen.queryNames.add(name);
        this.version++;
      }
    for (const item of items.slice(0, 20)) {
      if (!isObject(item)) continue;
      const told = this.itemOf(key, item);
      if (told === undefined) continue;
      if (!seen.item || (seen.item.key === undefined && told.key !== undefined)) {
        seen.item = { ...(told.key !== undefined ? { key: told.key } : {}), slash: told.slash };
        this.version++;
      }
      if (seen.listedIds.length < MAX_SAMPLE_IDS && !seen.listedIds.includes(told.id)) {
        seen.listedIds.push(told.id);
        this.version++;
      }
    }
    if (!this.documents.has(key) && this.documents.size < MAX_DOCUMENTS) {
      this.documents.set(key, { stem: key, slash: seen.item?.slash ?? '', ids: [] });
      this.version++;
    }
    // Objects read before their list: items of it now.
    for (const [objectPath, object] of this.objects)
      if (objectPath.replace(/\/[^/]+$/, '') === key) this.seeObject(object.path, object.key);
  }

  /** The query names of a page's links to its pages (`next: /employers?page=2&pageSize=10`). */
  private linkQueryNames(page: Record<string, unknown>): string[] {
    return PAGE_LINKS.flatMap((member) => {
      const value = page[member];
      const link = typeof value === 'string' ? value : isObject(value) ? value['href'] : undefined;
      return typeof link === 'string' ? (this.pathOf(link)?.query ?? []) : [];
    });
  }

  /** An item's id and key from its own link (`href: …/employers/123` and `employerId: 123`). */
  private itemOf(stem: string, item: Record<string, unknown>): { id: string; key?: string; slash: string } | undefined {
    for (const member of SELF_MEMBERS) {
      const link = item[member];
      const at = typeof link === 'string' ? this.pathOf(link) : undefined;
      const match = at && at.query.length === 0 ? /^(.*)\/([^/]+)(\/?)$/.exec(at.path) : null;
      if (!match || match[1] !== stem) continue;
      const id = safeDecode(match[2] ?? '');
      const key = keyIn(item, id, member);
      return { id, ...(key !== undefined ? { key } : {}), slash: match[3] ?? '' };
    }
    return undefined;
  }

  /**
   * An object answered at `/employers/123` (`key`: its member holding 123): an item of `/employers` when that is a
   * list seen, or when a member holds 123.
   */
  private seeObject(path: string, key: string | undefined): void {
    const match = /^(.*)\/([^/]+)(\/?)$/.exec(path);
    if (!match || match[1] === '') return;
    const stem = match[1] ?? '';
    const id = safeDecode(match[2] ?? '');
    let document = this.documents.get(stem);
    if (!document) {
      // No list seen: only a member holding the segment tells an item (`/doc/openapi.json` holds no `openapi.json`).
      if (key === undefined || !this.collections.has(stem)) {
        if (this.objects.size < 200 && !this.objects.has(bare(path))) this.objects.set(bare(path), { path, key });
        if (key === undefined || this.documents.size >= MAX_DOCUMENTS) return;
      }
      document = { stem, slash: match[3] ?? '', ids: [] };
      this.documents.set(stem, document);
      this.version++;
    }
    if (document.key === undefined && key !== undefined) {
      document.key = key;
      this.version++;
    }
    if (document.ids.length < MAX_SAMPLE_IDS && !document.ids.includes(id)) {
      document.ids.push(id);
      this.version++;
    }
  }

  /** The model: a profile as a document would give it, with the sample ids the traffic read. */
  profile(): Profile {
    const collections: CollectionProfile[] = [];
    const documents: DocumentProfile[] = [];
    const pathOfDocument = (doc: DocumentSeen, key: string | undefined): string =>
      `${doc.stem}/{${key ?? 'id'}}${doc.slash}`;
    for (const [stem, seen] of this.collections) {
      const document = this.documents.get(stem);
      const key = seen.item?.key ?? document?.key;
      const roles = pagingOf([...seen.queryNames]);
      collections.push({
        path: seen.path,
        ...(key !== undefined ? { key } : {}),
        ...(document ? { itemPath: pathOfDocument(document, key) } : {}),
        ...(roles.paging ? { paging: roles.paging } : {}),
        ...(roles.foreignPaging ? { foreignPaging: roles.foreignPaging } : {}),
        ...(roles.pageSizeParam ? { pageSizeParam: roles.pageSizeParam } : {}),
        ...(roles.pageParam ? { pageParam: roles.pageParam } : {}),
      });
    }
    for (const [stem, document] of this.documents) {
      const listed = this.collections.get(stem);
      const key = document.key ?? listed?.item?.key;
      // The ids the traffic read first (their answers are recorded), then those its lists named.
      const sampleIds = [...new Set([...document.ids, ...(listed?.listedIds ?? [])])].slice(0, MAX_SAMPLE_IDS);
      if (sampleIds.length === 0) continue;
      documents.push({ path: pathOfDocument(document, key), sampleIds });
    }
    return { collections, documents };
  }
}

/** The member of an object holding `id` (a string or number equal to it), other than `except`. */
function keyIn(body: Record<string, unknown>, id: string, except?: string): string | undefined {
  return Object.keys(body).find(
    (name) =>
      name !== except &&
      (typeof body[name] === 'string' || typeof body[name] === 'number') &&
      String(body[name]) === id,
  );
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
