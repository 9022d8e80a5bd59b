import { defineCheck } from '../../core/engine/define-check.js';
import { confirming } from '../support/confirm.js';
import { absoluteHttp, readLinks, type FoundLink } from '../support/gather-links.js';
import { isBlankLink } from '../support/collection-page.js';

/** Enough links to catch a broken family (items, paging, nested hrefs) without crawling the API. */
const MAX_LINKS = 15;

const MESSAGES = {
  notOk: 'GET {{link}} (from `{{pointer}}` of {{source}}) answered {{status}} instead of 200.',
} as const;

export default defineCheck({
  meta: {
    id: 'link.dereferenceable',
    rule: 'hyp-links',
    severity: 'warning',
    writes: false,
    title: 'Every same-origin link found on a first page and a document answers 200 to GET',
    messages: MESSAGES,
  },
  appliesTo: 'api',
  // Another client may delete an item between the page that links it and the GET of the link: a 404 counts
  // when the page, read again, still links it and the link still answers so.
  run: confirming(MESSAGES, async (ctx) => {
    const origin = new URL(ctx.baseUrl).origin;
    const chosen = new Map<string, FoundLink>();
    const links = await readLinks(ctx);
    for (const link of links) {
      // An empty link names nothing; resolved against its page it would pass for one (link.absolute reports it).
      if (isBlankLink(link.value)) continue;
      const url =
        absoluteHttp(link.value) ??
        (typeof link.value === 'string' ? safeUrl(link.value, link.source.request.url) : undefined);
      // Other origins are never requested: the check must not spread the target's traffic or credentials.
      if (!url || url.origin !== origin) continue;
      url.hash = '';
      if (!chosen.has(url.href) && chosen.size < MAX_LINKS) chosen.set(url.href, link);
    }
    if (chosen.size === 0 && links.length > 0 && links.every((link) => isBlankLink(link.value)))
      ctx.skip('not verified: every returned link is empty (see link.absolute)');
    if (chosen.size === 0) ctx.skip('no returned link stays on the API origin');
    await Promise.all(
      [...chosen].map(async ([href, link]) => {
        const exchange = await ctx.get(href);
        ctx.expect(
          exchange.response.status === 200,
          'notOk',
          { link: href, pointer: link.pointer, source: link.source.request.url, status: exchange.response.status },
          exchange,
          link.source,
        );
      }),
    );
  }),
});

function safeUrl(value: string, base: string): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}
