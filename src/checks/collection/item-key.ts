import { defineCheck } from '../../core/engine/define-check.js';
import { readCollectionPage } from '../support/traffic.js';
import { valueAtDotted } from '../../core/util/json.js';
import { pageOrSkip } from '../support/collection-page.js';

export default defineCheck({
  meta: {
    id: 'collection.item-key',
    rule: 'col-repres',
    severity: 'warning',
    writes: false,
    evidence: 'reads',
    title: 'Every item of a collection carries its business key',
    messages: {
      missingKey: 'items[{{index}}] of {{url}} lacks the business key `{{key}}`.',
    },
  },
  appliesTo: 'collection',
  requires: { what: 'collection with a business key', test: (collection) => collection.key !== undefined },
  async run(ctx, collection) {
    const key = collection.key as string;
    const page = pageOrSkip(ctx, await readCollectionPage(ctx, collection, collection.firstPage({ pageSize: 5 })));
    const url = page.exchange.request.url;
    if (page.items.length === 0) ctx.skip(`${url} has no items to look at`);
    page.items.forEach((item, index) => {
      const value = valueAtDotted(item, key);
      ctx.expect(
        value !== undefined && value !== null && value !== '',
        'missingKey',
        { url, index, key },
        page.exchange,
      );
    });
  },
});
