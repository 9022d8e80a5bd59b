// What lies inside the API: its origin for every request; its origin and base path for writes.
// The HTTP client refuses anything else before sending, so no check can leak traffic or delete elsewhere.
import { withoutTrailingSlashes } from '../profile/trailing-slashes.js';

type Scope = 'origin' | 'base URL';

/** A request the client refused to send because its URL lies outside the API. */
export class OutsideApiError extends Error {
  override readonly name = 'OutsideApiError';
  constructor(
    readonly method: string,
    readonly url: string,
    readonly scope: Scope,
    readonly base: string,
  ) {
    super(`${method} ${url} was not sent: it lies outside the API's ${scope} ${base}`);
  }
}

/** Which bound `url` breaks (`origin` for any request, `base URL` also for writes); undefined when inside. */
export function outsideApi(baseUrl: string, url: string, write: boolean): Scope | undefined {
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(baseUrl);
  } catch {
    return 'origin';
  }
  if (target.origin !== base.origin) return 'origin';
  if (!write) return undefined;
  // The parser has already resolved dot segments (also %2e), so a prefix test is exact.
  const basePath = withoutTrailingSlashes(base.pathname);
  const inside = basePath === '' || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
  return inside ? undefined : 'base URL';
}

/** The URL a Location header names (resolved against the request), when it lies outside the API's base URL. */
export function locationOutside(baseUrl: string, requestUrl: string, location: string | undefined): string | undefined {
  if (!location) return undefined;
  let resolved: string;
  try {
    resolved = new URL(location, requestUrl).href;
  } catch {
    return undefined;
  }
  return outsideApi(baseUrl, resolved, true) ? resolved : undefined;
}
