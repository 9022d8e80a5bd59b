import { defineCheck } from '../../core/define-check.js';
import { create, isSuccess, sameOriginLocation, WITH_CREATE_BODY } from '../support/created-document.js';
import { ownProblemFault } from '../support/problem-response.js';

export default defineCheck({
  meta: {
    id: 'create.duplicate-409', rule: 'stat-codes', severity: 'warning', writes: true,
    title: 'POSTing the same business key twice answers 409 with a problem (or 303 to the existing resource)',
    messages: {
      notConflict: 'POST {{url}} with a business key that already exists answered {{status}} instead of 409 (or 303).',
      notProblem: 'POST {{url}} with a duplicate key answered 409, but {{reason}}.',
      seeOtherElsewhere: 'POST {{url}} with a duplicate key answered 303 with Location {{location}}, not the existing resource {{existing}}.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_CREATE_BODY,
  async run(ctx, collection) {
    const first = await create(ctx, collection);
    if (!first.url) return ctx.skip(`could not create a first resource: POST ${collection.path} answered ${first.exchange.response.status}`);
    // The same body again: if the server creates a second resource anyway, that one is removed too.
    const again = await create(ctx, collection, first.body);
    const { status } = again.exchange.response;
    const url = again.exchange.request.url;
    if (status === 303) {
      const location = sameOriginLocation(ctx, again.exchange);
      return void ctx.expect(location === first.url, 'seeOtherElsewhere',
        { url, location: again.exchange.response.headers['location'] ?? '(none)', existing: first.url }, first.exchange, again.exchange);
    }
    if (!ctx.expect(status === 409 && !isSuccess(again.exchange), 'notConflict', { url, status }, first.exchange, again.exchange)) return;
    const reason = await ownProblemFault(ctx, again.exchange);
    ctx.expect(reason === undefined, 'notProblem', { url, reason }, again.exchange);
  },
});
