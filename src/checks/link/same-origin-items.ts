import { defineCheck } from '../../core/engine/define-check.js';
import { describeBody } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { isBlankLink, pageOrSkip } from '../support/collection-page.js';

export default defineCheck({
  meta: {
    id: 'link.same-origin-items',
    rule: 'hyp-links',
    severity: 'warning',
    writes: false,
    title: 'The item hrefs of a collection stay within the API base URL',
    messages: {
      notOk: 'GET {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
      outsideApi: '{{url}} lists item {{index}} with href {{href}}, outside the API base URL {{base}}.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const page = await ctx.get(collection.firstPage({ pageSize: 5 }));
    const data = { url: page.request.url, status: page.response.status, got: describeBody(page.response) };
    if (!ctx.expect(page.response.status === 200, 'notOk', data, page)) return;
    const items = pageOrSkip(ctx, page).items;
    const hrefs = items.map((item) => (isObject(item) ? item['href'] : undefined));
    if (!hrefs.some((href) => typeof href === 'string'))
      return ctx.skip(`the first page of ${collection.path} has no item with an href`);
    if (hrefs.every((href) => typeof href !== 'string' || isBlankLink(href)))
      return ctx.skip(
        `not verified: every item href of the first page of ${collection.path} is empty (see link.absolute)`,
      );
    const base = `${ctx.baseUrl}/`;
    hrefs.forEach((href, index) => {
      if (typeof href !== 'string' || isBlankLink(href)) return;
      let resolved: string;
      try {
        resolved = new URL(href, page.request.url).href;
      } catch {
        resolved = href;
      }
      ctx.expect(
        resolved.startsWith(base),
        'outsideApi',
        { url: page.request.url, index, href, base: ctx.baseUrl },
        page,
      );
    });
  },
});
