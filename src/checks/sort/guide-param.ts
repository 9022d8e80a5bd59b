import { defineCheck } from '../../core/engine/define-check.js';
import { SORTS } from './support/guide-sort.js';

export default defineCheck({
  meta: {
    id: 'sort.guide-param',
    rule: 'col-sort',
    severity: 'warning',
    writes: false,
    title: "A sortable collection sorts with the guide's multi-valued `sort` parameter (a leading `-` for descending)",
    messages: {
      foreign: '{{path}} sorts with `{{param}}`; the guide says `sort` (multi-valued, a leading `-` for descending).',
    },
  },
  appliesTo: 'collection',
  requires: SORTS,
  // The root of the sort family: the other sort checks are not verified on another parameter (guideSortOrSkip).
  async run(ctx, collection) {
    const exchange = await ctx.get(collection.firstPage({ pageSize: 2 }));
    if (collection.foreignSort !== undefined)
      return ctx.report('foreign', { path: collection.path, param: collection.foreignSort }, exchange);
    // Its sortable properties come from the declared `sort` parameter: the guide's name, judged by the other checks.
    if (exchange.response.status !== 200)
      return ctx.skip(`GET ${exchange.request.url} answered ${exchange.response.status}, not a collection page`);
    ctx.pass();
  },
});
