// Links returned by the API: collection first pages and sample documents, read once per check.
import type { CheckContext, MessageData } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { isBlankLink } from './collection-page.js';
import { Causes, judgeableTraffic } from './traffic.js';

/** Members that hold a link to a resource ([hyp-links], [col-paging]). */
const LINK_MEMBERS = new Set(['self', 'href', 'next', 'prev', 'first', 'last']);
const MAX_DEPTH = 8;
const MAX_LINKS = 500;

export interface FoundLink {
  /** Where in the body: `items[0].href`. */
  pointer: string;
  value: unknown;
  source: Exchange;
}

/** Every link member of a JSON body, bounded in depth and count. */
function linksIn(source: Exchange): FoundLink[] {
  const found: FoundLink[] = [];
  const walk = (value: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH || found.length >= MAX_LINKS) return;
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${pointer}[${index}]`, depth + 1));
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const at = pointer ? `${pointer}.${key}` : key;
        if (LINK_MEMBERS.has(key) && !isObject(item) && !Array.isArray(item))
          found.push({ pointer: at, value: item, source });
        else walk(item, at, depth + 1);
      }
    }
  };
  walk(source.response.json, '', 0);
  return found;
}

/** GETs one sample document per document target (first two) and the first page of each collection (first three). */
export async function readLinkSources(ctx: CheckContext<string>): Promise<Exchange[]> {
  const paths = [
    ...ctx.target.documents
      .filter((d) => d.sampleIds.length > 0)
      .slice(0, 2)
      .map((d) => d.url(d.sampleIds[0] ?? '')),
    ...ctx.target.collections.slice(0, 3).map((c) => c.firstPage({ pageSize: 2 })),
  ];
  const exchanges = await Promise.all(paths.map((path) => ctx.get(path)));
  return exchanges.filter((e) => e.response.status === 200 && isObject(e.response.json));
}

/** The links of every source; skips the check when the API returned none. */
export async function readLinks(ctx: CheckContext<string>, sources?: Exchange[]): Promise<FoundLink[]> {
  const links = (sources ?? (await readLinkSources(ctx))).flatMap(linksIn);
  if (links.length === 0) ctx.skip('no collection page or document returned a link');
  return links;
}

/** The sources of readLinkSources plus every other successful JSON answer of the run (a check that judges traffic). */
export async function allLinkSources(ctx: CheckContext<string>): Promise<Exchange[]> {
  const answers = await judgeableTraffic(ctx, await readLinkSources(ctx), { representations: true });
  return answers.filter((e) => e.response.status >= 200 && e.response.status < 300 && isObject(e.response.json));
}

/** The string links of the first pages and documents that parse as URIs, with their paths (relative links resolved). */
export async function readLinkPaths(
  ctx: CheckContext<string>,
  sources?: Exchange[],
): Promise<Array<FoundLink & { value: string; path: string }>> {
  const found: Array<FoundLink & { value: string; path: string }> = [];
  const links = await readLinks(ctx, sources);
  // An empty link resolves to its own page, whose path would pass for the link's: it names nothing to judge.
  if (links.every((link) => isBlankLink(link.value) || link.value === null))
    ctx.skip('not verified: every returned link is empty (see link.absolute)');
  for (const link of links) {
    if (typeof link.value !== 'string' || isBlankLink(link.value)) continue;
    try {
      found.push({ ...link, value: link.value, path: new URL(link.value, link.source.request.url).pathname });
    } catch {
      /* not a URI */
    }
  }
  return found;
}

/**
 * Judges the path of every string link the run's answers returned, one cause per link member: `fault` gives what
 * `messageId` says of a path at fault besides the link, undefined for a path that holds. Skips when no link is a URI.
 */
export async function judgeLinkPaths<M extends string>(
  ctx: CheckContext<M>,
  messageId: M,
  fault: (path: string) => MessageData | undefined,
): Promise<void> {
  const links = await readLinkPaths(ctx, await allLinkSources(ctx));
  const causes = new Causes(ctx, (id, data) => linkCause(id, data['pointer']));
  if (links.length === 0) ctx.skip('no returned link was a URI');
  for (const { path, source, pointer, value } of links) {
    const extra = fault(path);
    causes.expect(extra === undefined, messageId, { url: source.request.url, pointer, value, ...extra }, source);
  }
  causes.flush();
}

/** An absolute http(s) URL, or undefined. */
export function absoluteHttp(value: unknown): URL | undefined {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Where a link was found, array indexes folded: one cause for every item's `href`. */
export const linkCause = (messageId: string, pointer: unknown): string =>
  `${messageId} ${String(pointer).replace(/\[\d+\]/g, '[*]')}`;
