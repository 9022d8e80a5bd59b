// What an OpenAPI document promises for one exchange: the path template, the response, the content entry.
import { isObject } from '../../../core/util/json.js';
import { withoutTrailingSlashes } from '../../../core/profile/trailing-slashes.js';
import { AROUND_PARAMETERS, PARAMETERS } from '../../../core/profile/path-templates.js';

/** One template segment: its literal texts and its parameters (`{id}`, one non-empty run of characters each), in order. */
type SegmentPart = { literal: string } | { parameter: true };

export const segmentParts = (segment: string): SegmentPart[] =>
  segment
    .split(AROUND_PARAMETERS)
    .filter((part) => part !== '')
    .map((part) => (/^\{[^}]*\}$/.test(part) ? { parameter: true } : { literal: part }));

/**
 * Whether a path segment matches a template segment: literals match themselves, each parameter a
 * non-empty run of characters. The literals are found in order, each at its leftmost place after
 * what comes before it (which leaves the most for what follows), so this takes one pass where the
 * regular expression it replaces (`^lit[^/]+[^/]+lit$`) tried every split between adjacent
 * parameters, which took seconds on a long segment.
 */
export function segmentMatches(parts: readonly SegmentPart[], text: string): boolean {
  if (text.includes('/')) return false; // a decoded %2F: neither a literal nor a parameter spans it
  let at = 0; // where the next literal or parameter starts
  let pending = 0; // parameters before it, each owed at least one character
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as SegmentPart;
    if (!('literal' in part)) {
      pending++;
      continue;
    }
    const { literal } = part;
    if (i === 0) {
      if (!text.startsWith(literal)) return false;
      at = literal.length;
    } else if (i === parts.length - 1) {
      const start = text.length - literal.length;
      if (start < at + pending || !text.endsWith(literal)) return false;
      at = text.length;
    } else {
      const found = text.indexOf(literal, at + pending);
      if (found < 0) return false;
      at = found + literal.length;
    }
    pending = 0;
  }
  return pending > 0 ? text.length - at >= pending : at === text.length;
}

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The template of `templates` that `path` (relative to the server, no query) matches; a concrete
 * segment wins over a templated one (OpenAPI: concrete paths match before templated ones).
 */
export function matchPathTemplate(templates: readonly string[], path: string): string | undefined {
  const parts = path.split('/');
  let best: { template: string; statics: number } | undefined;
  for (const template of templates) {
    const segments = template.split('/');
    if (segments.length !== parts.length) continue;
    const matches = segments.every((segment, i) => {
      const pattern = segmentParts(segment);
      const part = parts[i] ?? '';
      return segmentMatches(pattern, part) || segmentMatches(pattern, decodeSegment(part));
    });
    if (!matches) continue;
    const statics = segments.filter((segment) => !segment.includes('{')).length;
    if (!best || statics > best.statics) best = { template, statics };
  }
  return best?.template;
}

/** The base path a `servers` entry names (`/registry/v1`), its variables filled with their defaults. */
function serverPath(servers: unknown, baseUrl: string): string | undefined {
  const server = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(server) || typeof server['url'] !== 'string') return undefined;
  const variables = isObject(server['variables']) ? server['variables'] : {};
  const url = server['url'].replace(PARAMETERS, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable['default'] === 'string' ? variable['default'] : whole;
  });
  try {
    return withoutTrailingSlashes(new URL(url, `${baseUrl}/`).pathname);
  } catch {
    return undefined;
  }
}

/**
 * The paths the document may know a request URL by: relative to the target's base URL, and
 * relative to the document's own `servers[0].url` when that differs.
 */
export function candidatePaths(requestUrl: string, baseUrl: string, servers: unknown): string[] {
  const path = new URL(requestUrl).pathname;
  const prefixes = [withoutTrailingSlashes(new URL(baseUrl).pathname), serverPath(servers, baseUrl)];
  const candidates: string[] = [];
  for (const prefix of prefixes) {
    if (prefix === undefined || !(path === prefix || path.startsWith(`${prefix}/`))) continue;
    const relative = path.slice(prefix.length) || '/';
    if (!candidates.includes(relative)) candidates.push(relative);
  }
  return candidates;
}

/** The key of the response documented for `status`: exact code, else its `4XX` range, else `default`. */
export function selectResponse(responses: unknown, status: number): string | undefined {
  if (!isObject(responses)) return undefined;
  const keys = Object.keys(responses);
  return (
    keys.find((key) => key === String(status)) ??
    keys.find((key) => key.toUpperCase() === `${String(status)[0]}XX`) ??
    keys.find((key) => key === 'default')
  );
}

/** The content key documented for a media type (no parameters): exact, else `type/*`, else `*\/*`. */
export function selectContent(content: unknown, mediaType: string): string | undefined {
  if (!isObject(content)) return undefined;
  const bare = (key: string) => key.split(';')[0]?.trim().toLowerCase() ?? '';
  const keys = Object.keys(content);
  const wanted = mediaType.toLowerCase();
  return (
    keys.find((key) => bare(key) === wanted) ??
    keys.find((key) => bare(key) === `${wanted.split('/')[0]}/*`) ??
    keys.find((key) => bare(key) === '*/*')
  );
}

/** Media types whose bodies are JSON and can be validated against a schema. */
export const isJsonMediaType = (mediaType: string): boolean =>
  mediaType === 'application/json' || mediaType.endsWith('+json');
