import { defineCheck } from '../../core/engine/define-check.js';
import { guidePagingOrSkip, linkOf, pageOrSkip, totalOf } from '../support/collection-page.js';

export default defineCheck({
  meta: {
    id: 'paging.default-page-size',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'Without `pageSize` a default page size applies: a large collection is not returned whole',
    messages: {
      overDefault: '{{url}} (no pageSize) echoes `pageSize` {{pageSize}} but returned {{count}} items.',
      wholeWithoutNext: '{{url}} (no pageSize) returned {{count}} of {{total}} items without a `next` link.',
      echoNotPositive: '{{url}} (no pageSize) echoes `pageSize` {{pageSize}}, not a positive integer default.',
    },
  },
  appliesTo: 'collection',
  // A first page short of `total` without `next` is paging.next-link's finding.
  dependsOn: [{ check: 'paging.next-link', when: ['missingNext'], findings: ['wholeWithoutNext'] }],
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    const page = pageOrSkip(ctx, await ctx.get(collection.firstPage()));
    const { exchange } = page;
    const url = exchange.request.url;
    const count = page.items.length;
    const echoed = page.body['pageSize'];
    if (echoed !== undefined) {
      if (
        ctx.expect(
          typeof echoed === 'number' && Number.isInteger(echoed) && echoed > 0,
          'echoNotPositive',
          { url, pageSize: JSON.stringify(echoed) },
          exchange,
        )
      ) {
        ctx.expect(count <= (echoed as number), 'overDefault', { url, pageSize: echoed as number, count }, exchange);
      }
    }
    const total = totalOf(page.body);
    if (total !== undefined && total > count)
      ctx.expect(linkOf(page.body, 'next') !== undefined, 'wholeWithoutNext', { url, count, total }, exchange);
    if (echoed === undefined && total === undefined)
      ctx.skip(`${url} echoes neither pageSize nor total, so the default page size cannot be judged`);
    if (echoed === undefined && total !== undefined && total <= count)
      ctx.skip(`not verified: ${url} holds all ${total} items and echoes no pageSize, so no default page size showed`);
  },
});
