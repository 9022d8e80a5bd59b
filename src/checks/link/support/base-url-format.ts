// Judges an API base URL against https://host[/pathPrefix]/apiName/v{major} ([uri-format], [api-version]).

type BaseUrlFinding =
  | { id: 'notHttps'; data: { url: string; scheme: string } }
  | { id: 'notVersioned'; data: { url: string; last: string } }
  | { id: 'noApiName'; data: { url: string } }
  | { id: 'segmentCase'; data: { url: string; segment: string } };

/**
 * lowerCamelCase as the guide's server URL rule spells it, `[a-z0-9]+([A-Z]?[a-z0-9]+)*`, written so
 * that a segment splits into groups one way only: the guide's spelling backtracks exponentially on a
 * long lower-case run that fails at its end (a server's segment is not ours to bound). Same segments
 * match (test/lint/name-patterns.test.ts).
 */
export const LOWER_CAMEL_SEGMENT = /^[a-z0-9]+(?:[A-Z][a-z0-9]+)*$/;
const VERSION = /^v[0-9]+$/;

/** A local development or test server, where plain http is accepted. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.[0-9]{1,3}){3}$/.test(host);
}

/** Every way `base` departs from the format; empty when it conforms. */
export function judgeBaseUrl(base: string): BaseUrlFinding[] {
  const url = new URL(base);
  const findings: BaseUrlFinding[] = [];
  if (url.protocol !== 'https:' && !isLoopback(url.hostname))
    findings.push({ id: 'notHttps', data: { url: base, scheme: url.protocol.replace(/:$/, '') } });
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  const versioned = last !== undefined && VERSION.test(last);
  if (!versioned)
    findings.push({ id: 'notVersioned', data: { url: base, last: last === undefined ? '(none)' : last } });
  const named = versioned ? segments.slice(0, -1) : segments;
  // A base URL with no path at all lacks both: its missing version says so, one cause, one finding.
  if (versioned && named.length === 0) findings.push({ id: 'noApiName', data: { url: base } });
  for (const segment of named) {
    if (!LOWER_CAMEL_SEGMENT.test(decodeURIComponent(segment)))
      findings.push({ id: 'segmentCase', data: { url: base, segment } });
  }
  return findings;
}
