import { outsideApi } from '../../core/http/api-scope.js';
import { defineCheck } from '../../core/engine/define-check.js';
import { valueAtDotted } from '../../core/util/json.js';
import { create, sameOriginLocation, settleCreateBody, WITH_CREATE_BODY } from '../support/created-document.js';
import { show } from '../support/same-json.js';
import { markReportedServerError } from '../support/reported-server-errors.js';

export default defineCheck({
  meta: {
    id: 'create.created-201',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title: 'POST on a collection answers 201 with a Location that resolves to the new resource (never 200)',
    messages: {
      not201: 'POST {{url}} answered {{status}} instead of 201 Created.',
      serverError:
        'POST {{url}} answered {{status}} to the create body restguide made from the request schema ({{members}}): a server error for input, where a 201, or a 400 naming what it refuses, was due.',
      noLocation: 'POST {{url}} answered 201 without a Location header.',
      locationNot200: 'GET {{location}} (the Location of the created resource) answered {{status}} instead of 200.',
      otherResource:
        'GET {{location}} (the Location of the created resource) shows `{{key}}` = {{actual}}, not the created {{expected}}.',
      failsOnOptional:
        'POST {{url}} answered {{status}} when the create body held the optional {{members}} (a value its request schema allows), and {{worked}} to the required members alone: the API fails on that input.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_CREATE_BODY,
  async run(ctx, collection) {
    const created = await create(ctx, collection);
    // The body made from the schema was settled first (required members, then optional ones): an optional member
    // the API failed on is this check's finding; the create below was sent without it.
    for (const failing of await settleCreateBody(ctx, collection)) {
      markReportedServerError(ctx, 'create.created-201', failing.failed);
      ctx.report(
        'failsOnOptional',
        {
          url: failing.failed.request.url,
          status: failing.failed.response.status,
          members: `${failing.members.length === 1 ? 'member' : 'members'} ${failing.members.map((m) => `\`${m}\``).join(', ')}`,
          worked: failing.worked.response.status,
        },
        failing.failed,
        failing.worked,
      );
    }
    const { exchange } = created;
    const url = exchange.request.url;
    const { status } = exchange.response;
    // A 5xx to a body the run made is what it is, a server error for input (a conforming API may refuse that body
    // with 400): not a create that answered something else than 201.
    if (collection.create?.fromSchema && status >= 500) {
      const members = Object.keys(created.body).map((m) => `\`${m}\``);
      ctx.report('serverError', { url, status, members: members.join(', ') || 'no member' }, exchange);
      return markReportedServerError(ctx, 'create.created-201', exchange);
    }
    if (!ctx.expect(status === 201, 'not201', { url, status }, exchange)) return;
    const location = exchange.response.headers['location'];
    if (!ctx.expect(location !== undefined, 'noLocation', { url }, exchange)) return;
    // Only a same-origin Location is followed; create.location-absolute judges where it points.
    const target = sameOriginLocation(ctx, exchange);
    if (!target)
      return ctx.skip(
        `the Location ${location} is not on the API's origin, so it is not followed (see create.location-absolute)`,
      );
    if (outsideApi(ctx.baseUrl, target, true))
      return ctx.skip(`the Location ${target} lies outside the API (see create.location-absolute)`);
    const read = await ctx.get(target);
    if (
      !ctx.expect(
        read.response.status === 200,
        'locationNot200',
        { location: target, status: read.response.status },
        exchange,
        read,
      )
    )
      return;
    const key = collection.key;
    const expected = key === undefined ? undefined : valueAtDotted(created.body, key);
    if (key === undefined || expected === undefined) return ctx.pass();
    const actual = valueAtDotted(read.response.json, key);
    // Keys may come back typed differently (a numeric id as a string): compare their text.
    ctx.expect(
      String(actual) === String(expected),
      'otherResource',
      { location: target, key, actual: show(actual), expected: show(expected) },
      exchange,
      read,
    );
  },
});
