import { defineCheck } from '../../core/engine/define-check.js';
import { readCollectionPage } from '../support/traffic.js';
import { isObject } from '../../core/util/json.js';
import { isAbsoluteUrl, pageOrSkip } from '../support/collection-page.js';

export default defineCheck({
  meta: {
    id: 'collection.item-href',
    rule: 'col-repres',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'Every item of a collection has an absolute `href`',
    messages: {
      missingHref: 'items[{{index}}] of {{url}} has no string `href`.',
      notAbsolute: 'items[{{index}}] of {{url}} has the `href` {{href}}, not an absolute http(s) URL.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const page = pageOrSkip(ctx, await readCollectionPage(ctx, collection, collection.firstPage({ pageSize: 5 })));
    const url = page.exchange.request.url;
    if (page.items.length === 0) ctx.skip(`${url} has no items to look at`);
    page.items.forEach((item, index) => {
      const href = isObject(item) ? item['href'] : undefined;
      if (ctx.expect(typeof href === 'string', 'missingHref', { url, index }, page.exchange)) {
        ctx.expect(isAbsoluteUrl(href as string), 'notAbsolute', { url, index, href: href as string }, page.exchange);
      }
    });
  },
});
