// The few responses the json.* checks judge: a small first page per collection, a sample document, a problem.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import type { Target } from '../../core/profile/target.js';

/** At most this many collections and documents are sampled, to keep the suite fast. */
const MAX_RESOURCES = 4;

/** The guard of the json.* checks: something to GET. */
export const hasSampleResponses = (target: Target): boolean =>
  target.collections.length > 0 || target.documents.some((d) => d.sampleIds.length > 0);

export const SAMPLE_WHAT = 'collection or document with a sample id';

/** The same as a check's guard (`requires`), for a check that applies to the api. */
export const WITH_SAMPLE_RESPONSES = {
  what: SAMPLE_WHAT,
  test: (_api: unknown, target: Target): boolean => hasSampleResponses(target),
};

/** GETs the first page (pageSize 3, embedded items when possible) of each collection, one sample document and one absent document (a problem). */
export async function sampleResponses(ctx: CheckContext<string>): Promise<Exchange[]> {
  // With the collection's embed value, when it has one: the embedded representations are judged too.
  const urls = ctx.target.collections
    .slice(0, MAX_RESOURCES)
    .map((c) => c.firstPage({ pageSize: 3, ...(c.embed !== undefined ? { query: { embed: c.embed } } : {}) }));
  for (const document of ctx.target.documents.slice(0, MAX_RESOURCES)) {
    const sample = document.sampleIds[0];
    if (sample !== undefined) urls.push(document.url(sample));
    if (document.absentId !== undefined) urls.push(document.url(document.absentId));
  }
  return Promise.all(urls.map((url) => ctx.get(url)));
}
