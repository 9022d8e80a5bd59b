import { defineCheck } from '../../core/engine/define-check.js';
import { create, isSuccess, sameOriginLocation, WITH_CREATE_BODY } from '../support/created-document.js';
import { ownProblemFault, PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { valueAtDotted } from '../../core/util/json.js';
import type { CollectionTarget } from '../../core/profile/target.js';

/** Whether the create body carries a key the client chooses: without one the server assigns ids, and a second POST makes no duplicate. */
function clientChosenKey(collection: CollectionTarget): boolean {
  const create = collection.create;
  if (!create) return false;
  const keyInBody = collection.key !== undefined && valueAtDotted(create.body, collection.key) !== undefined;
  // A body made from the schema varies its free texts, which are no keys: only the item key makes a duplicate.
  return create.fromSchema ? keyInBody : create.unique.length > 0 || keyInBody;
}

export default defineCheck({
  meta: {
    id: 'create.duplicate-409',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title: 'POSTing the same business key twice answers 409 with a problem (or 303 to the existing resource)',
    messages: {
      notConflict: 'POST {{url}} with a business key that already exists answered {{status}} instead of 409 (or 303).',
      notProblem: 'POST {{url}} with a duplicate key answered 409, but {{reason}}.',
      seeOtherElsewhere:
        'POST {{url}} with a duplicate key answered 303 with Location {{location}}, not the existing resource {{existing}}.',
    },
  },
  appliesTo: 'collection',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  requires: WITH_CREATE_BODY,
  async run(ctx, collection) {
    if (!clientChosenKey(collection)) {
      return ctx.skip(
        `not applicable: the create body of ${collection.path} carries no key the client chooses${collection.key ? ` (no \`${collection.key}\`)` : ''}, so the server assigns one and posting it twice makes no duplicate`,
      );
    }
    const first = await create(ctx, collection);
    if (!first.url)
      return ctx.skip(
        `could not create a first resource: POST ${collection.path} answered ${first.exchange.response.status}`,
      );
    // The same body again: if the server creates a second resource anyway, that one is removed too.
    const again = await create(ctx, collection, first.body, { again: true });
    const { status } = again.exchange.response;
    const url = again.exchange.request.url;
    if (status === 303) {
      const location = sameOriginLocation(ctx, again.exchange);
      return void ctx.expect(
        location === first.url,
        'seeOtherElsewhere',
        { url, location: again.exchange.response.headers['location'] ?? '(none)', existing: first.url },
        first.exchange,
        again.exchange,
      );
    }
    if (
      !ctx.expect(
        status === 409 && !isSuccess(again.exchange),
        'notConflict',
        { url, status },
        first.exchange,
        again.exchange,
      )
    )
      return;
    const reason = await ownProblemFault(ctx, again.exchange);
    ctx.expect(reason === undefined, 'notProblem', { url, reason }, again.exchange);
  },
});
