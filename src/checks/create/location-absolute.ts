import { outsideApi } from '../../core/http/api-scope.js';
import { defineCheck } from '../../core/engine/define-check.js';
import { create, WITH_CREATE_BODY } from '../support/created-document.js';

export default defineCheck({
  meta: {
    id: 'create.location-absolute',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title: "The Location of a created resource is an absolute URI (or resolves) on the API's own origin",
    messages: {
      unresolvable: 'POST {{url}} answered {{status}} with Location {{location}}, which is not a URI.',
      otherOrigin:
        'POST {{url}} answered {{status}} with Location {{location}}, on another origin than the API ({{origin}}).',
      outsideApi: 'POST {{url}} answered {{status}} with Location {{location}}, outside the API ({{base}}).',
    },
  },
  appliesTo: 'collection',
  requires: WITH_CREATE_BODY,
  async run(ctx, collection) {
    const { exchange } = await create(ctx, collection);
    const location = exchange.response.headers['location'];
    if (location === undefined)
      return ctx.skip(`POST ${collection.path} answered ${exchange.response.status} without a Location`);
    const data = {
      url: exchange.request.url,
      status: exchange.response.status,
      location,
      origin: new URL(ctx.baseUrl).origin,
    };
    let resolved: URL | undefined;
    try {
      resolved = new URL(location, exchange.request.url);
    } catch {
      resolved = undefined;
    }
    if (
      !ctx.expect(resolved !== undefined && /^https?:$/.test(resolved.protocol), 'unresolvable', data, exchange) ||
      !resolved
    )
      return;
    if (!ctx.expect(resolved.origin === data.origin, 'otherOrigin', data, exchange)) return;
    ctx.expect(
      outsideApi(ctx.baseUrl, resolved.href, true) === undefined,
      'outsideApi',
      { ...data, location: resolved.href, base: ctx.baseUrl },
      exchange,
    );
  },
});
