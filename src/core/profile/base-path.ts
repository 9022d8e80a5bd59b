// The API's base path, wherever its OpenAPI document writes it: in `servers`, or as a prefix every path
// shares (`/api/belgianAddress/v2/addresses`, no `servers`). The document's paths are then made relative to
// it and the base URL given is matched to it, whether it already ends in it or names the host root.
import { isObject } from '../util/json.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';

type Obj = Record<string, unknown>;

/** A segment that ends an API's base path: a version (`v2`, `v1.1`, `2010-04-01`) or the word `api`/`rest`. */
const BASE_SEGMENT = /^(v\d+([._-]\d+)*|\d{4}-\d{2}-\d{2}|api|rest)$/i;

/** The path of the document's first server URL (`/registry/v1`), '' when it has none or names no static path. */
export function serversPath(document: Obj): string {
  const servers = document['servers'];
  const url = Array.isArray(servers) && isObject(servers[0]) ? servers[0]['url'] : undefined;
  if (typeof url !== 'string' || url.includes('{')) return '';
  try {
    return withoutTrailingSlashes(new URL(url, 'http://host/').pathname);
  } catch {
    return '';
  }
}

/**
 * The base path every path of the document starts with, '' when none: the servers' path when every path
 * repeats it, else the static segments all paths share up to the last one that looks like a base path's end
 * (a version, `api`), so `/employers/{id}` and `/employers/{id}/x` share no base path.
 */
export function pathsBasePath(document: Obj): string {
  const paths = isObject(document['paths']) ? Object.keys(document['paths']) : [];
  if (paths.length === 0) return '';
  const servers = serversPath(document);
  if (servers && paths.every((path) => path.startsWith(`${servers}/`))) return servers;
  const split = paths.map((path) => path.split('/').slice(1));
  const shortest = Math.min(...split.map((segments) => segments.length));
  let shared = 0;
  // Every path keeps at least one segment of its own after the base path.
  while (shared < shortest - 1) {
    const segment = split[0]?.[shared];
    if (
      segment === undefined ||
      segment === '' ||
      segment.includes('{') ||
      !split.every((segments) => segments[shared] === segment)
    )
      break;
    shared++;
  }
  const segments = split[0]?.slice(0, shared) ?? [];
  let end = segments.length;
  while (end > 0 && !BASE_SEGMENT.test(segments[end - 1] ?? '')) end--;
  return end === 0 ? '' : `/${segments.slice(0, end).join('/')}`;
}

export interface Rebased {
  /** The document with its paths relative to the base path (the same object when it has none). */
  document: Obj;
  /** The base URL given, with the base path appended when it did not already end in it. */
  baseUrl: string | undefined;
  /** The base path the paths shared, when they did. */
  basePath?: string;
}

/**
 * The document's paths made relative to the base path they all carry, and the base URL matched to it:
 * `http://host/api/v2` and `http://host` both become `http://host/api/v2`, and `/api/v2/addresses`
 * becomes `/addresses`, so a request is never doubled and /health and /doc are looked for under the API.
 */
export function rebase(document: Obj, baseUrl: string | undefined): Rebased {
  const basePath = pathsBasePath(document);
  if (!basePath) return { document, baseUrl };
  const paths = document['paths'] as Obj;
  const relative = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [path.slice(basePath.length) || '/', item]),
  );
  const given = baseUrl === undefined ? undefined : withoutTrailingSlashes(new URL(baseUrl).pathname);
  const matched =
    baseUrl === undefined || given?.endsWith(basePath) ? baseUrl : `${withoutTrailingSlashes(baseUrl)}${basePath}`;
  return { document: { ...document, paths: relative }, baseUrl: matched, basePath };
}
