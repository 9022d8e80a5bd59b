import { withoutTrailingSlashes } from '../core/profile/trailing-slashes.js';

/**
 * The API's public base URL from `--public-url`: an absolute http(s) URL without credentials, query or
 * fragment. A bare origin (no path) gets the server's base path; a URL with a path is the base URL as is
 * (a gateway may publish the API under another path). Throws RangeError with a one-line reason otherwise.
 */
export function resolvePublicBase(publicUrl: string, basePath: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new RangeError(`--public-url is not an absolute URL: '${publicUrl.slice(0, 80)}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RangeError(`--public-url must be http or https, got '${url.protocol}'`);
  if (url.username || url.password || url.search || url.hash) {
    throw new RangeError('--public-url must not contain credentials, a query or a fragment');
  }
  const path = withoutTrailingSlashes(url.pathname);
  return `${url.origin}${path === '' ? basePath : path}`;
}
