import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { isObject } from '../../core/util/json.js';
import { hrefOf, linkOf, pageOf, pageOrSkip } from '../support/collection-page.js';
import { differingMember, embeddedMap, isRepresentation } from './support/same-members.js';

const MESSAGES = {
  notMap: '{{url}} answered `embedded` as {{type}}, not an object keyed by item href.',
  missingEntry: '`embedded` of {{url}} has no entry for the item {{href}}.',
  extraEntry: '`embedded` of {{url}} has the key {{key}}, which is no item href of the page.',
  notRepresentation: '`embedded[{{key}}]` of {{url}} is {{type}}, not a representation object.',
  selfMismatch: '`embedded[{{key}}]` of {{url}} has `self` {{self}}, not its key.',
  notFull: '`embedded[{{key}}]` of {{url}} lacks {{missing}}, which the document {{key}} has.',
  notSame:
    '`embedded[{{key}}]` of {{url}} gives `{{member}}` as {{embedded}}, but the document {{key}} gives {{own}}: an embedded item is the item as it is.',
} as const;

export default defineCheck({
  meta: {
    id: 'embed.embedded-map',
    rule: 'col-embed',
    severity: 'error',
    writes: false,
    title: 'With `embed`, `embedded` maps each item href to the full representation of that item',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  requires: { what: 'collection with an embed value', test: (collection) => collection.embed !== undefined },
  // Another client may change an item between the embedding page and the read of its document:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    const embed = collection.embed as string;
    const page = pageOrSkip(ctx, await ctx.get(collection.firstPage({ pageSize: 3, query: { embed } })));
    const { exchange } = page;
    const url = exchange.request.url;
    if (page.items.length === 0) ctx.skip(`${url} has no items to embed`);
    const embedded = embeddedMap(ctx, url, page.body['embedded'], exchange);
    if (!embedded) return;
    const hrefs = page.items.map(hrefOf).filter((href) => href !== undefined);
    for (const href of hrefs) ctx.expect(href in embedded, 'missingEntry', { url, href }, exchange);
    for (const [key, value] of Object.entries(embedded)) {
      if (!ctx.expect(hrefs.includes(key), 'extraEntry', { url, key }, exchange)) continue;
      if (!isRepresentation(ctx, url, key, value, exchange)) continue;
      const self = linkOf(value, 'self');
      ctx.expect(self === key, 'selfMismatch', { url, key, self: self ?? '(absent)' }, exchange);
    }
    // Full means what the document itself has, with the same values: each embedded item against its own GET
    // (confirming re-reads both, so a write by another client in between is no finding).
    for (const href of hrefs.filter((h) => isObject(embedded[h]))) {
      const document = await ctx.get(href);
      if (document.response.status !== 200 || !isObject(document.response.json)) continue;
      const own = document.response.json;
      const entry = embedded[href] as Record<string, unknown>;
      const differing = differingMember(entry, url, own, document.request.url);
      ctx.expect(differing === undefined, 'notSame', { url, key: href, ...differing }, exchange, document);
      // What the embedded item lacks is judged on the first: one finding of a shape all share.
      if (href !== hrefs.find((h) => isObject(embedded[h]))) continue;
      const lacking = Object.keys(own).filter((name) => !(name in entry));
      // A property added to the document after the page was read is no fault: the page read again must lack it too.
      const again = lacking.length > 0 ? pageOf(await ctx.get(url)) : undefined;
      const later = again && isObject(again.body['embedded']) ? again.body['embedded'][href] : undefined;
      const missing = isObject(later) ? lacking.filter((name) => !(name in later)) : [];
      ctx.expect(
        missing.length === 0,
        'notFull',
        { url, key: href, missing: missing.map((name) => `\`${name}\``).join(', ') },
        exchange,
        document,
        ...(again ? [again.exchange] : []),
      );
    }
  }),
});
