import { defineCheck } from '../../core/engine/define-check.js';
import { guideSortOrSkip, SORTS } from './support/guide-sort.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';

export default defineCheck({
  meta: {
    id: 'sort.unknown-property-400',
    rule: 'col-sort',
    severity: 'warning',
    writes: false,
    title: 'Sorting on a property that does not exist is refused with a 400 problem',
    messages: {
      notBadRequest: '{{url}} (sort on a property that does not exist) answered {{status}}, not 400.',
      notProblem: '{{url}} answered 400 with Content-Type {{contentType}}, not application/problem+json.',
    },
  },
  appliesTo: 'collection',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  requires: SORTS,
  async run(ctx, collection) {
    guideSortOrSkip(ctx, collection);
    const exchange = await ctx.get(collection.firstPage({ pageSize: 2, query: { sort: 'restguideNoSuchProperty' } }));
    const url = exchange.request.url;
    if (
      !ctx.expect(
        exchange.response.status === 400,
        'notBadRequest',
        { url, status: exchange.response.status },
        exchange,
      )
    )
      return;
    ctx.expect(
      mediaTypeOf(exchange.response) === 'application/problem+json',
      'notProblem',
      { url, contentType: mediaTypeOf(exchange.response) ?? '(none)' },
      exchange,
    );
  },
});
