// The proxy's own address is the API's: an API behind it (or behind a gateway in front of it) that builds its
// links from the address it is reached at (`--public-url`, X-Forwarded-Host) links to the proxy, or to the
// gateway. Those links are judged as the links to the upstream they stand for, so link.absolute and the other
// checks that hold links to the API's origin do not take them for another origin's.

/** Origins (scheme, host and port) of a host as clients name it, under either scheme: a gateway may end TLS. */
function originsOf(host: string, proto?: string): string[] {
  const schemes = proto === 'http' || proto === 'https' ? [proto] : ['http', 'https'];
  return schemes.flatMap((scheme) => {
    try {
      return [new URL(`${scheme}://${host}`).origin];
    } catch {
      return [];
    }
  });
}

/** The first element's parameters of a Forwarded header (RFC 7239): the hop nearest the client. */
function firstForwarded(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of (value.split(',')[0] ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0)
      params[pair.slice(0, at).trim().toLowerCase()] = pair
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return params;
}

/**
 * The origins a request reached the API at besides the upstream's: the proxy's listening address, the Host the
 * client sent, and the host a gateway before the proxy names in X-Forwarded-Host or Forwarded.
 */
export function ownOrigins(headers: Record<string, string>, listening: readonly string[], upstream: string): string[] {
  const found = new Set(listening);
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  if (headers['host']) for (const origin of originsOf(headers['host'])) found.add(origin);
  for (const host of headers['x-forwarded-host']?.split(',') ?? [])
    for (const origin of originsOf(host.trim(), proto)) found.add(origin);
  if (headers['forwarded']) {
    const first = firstForwarded(headers['forwarded']);
    if (first['host']) for (const origin of originsOf(first['host'], first['proto']?.toLowerCase())) found.add(origin);
  }
  found.delete(upstream);
  return [...found];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Text (a body, a Location) with every URL under one of `origins` plus the base path made a URL under the upstream:
 * `http://127.0.0.1:8080/api/x` → `http://api.internal:3000/api/x`. Only at a boundary after the base path, so
 * `/api2` is not taken for `/api`.
 */
export function asUpstream(text: string, origins: readonly string[], upstream: string, basePath: string): string {
  if (origins.length === 0) return text;
  return text.replace(patternOf(origins, basePath), `${upstream}${basePath}`);
}

/** Compiled once per set of origins: a proxy's requests name the same few, each exchange several times. */
const patterns = new Map<string, RegExp>();

function patternOf(origins: readonly string[], basePath: string): RegExp {
  const key = `${basePath} ${origins.join(' ')}`;
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    if (patterns.size >= 100) patterns.clear();
    pattern = new RegExp(`(?:${origins.map(escape).join('|')})${escape(basePath)}(?=[/?#"'\\s<>,;\\\\]|$)`, 'gi');
    patterns.set(key, pattern);
  }
  return pattern;
}
