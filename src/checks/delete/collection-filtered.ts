import { randomUUID } from 'node:crypto';
import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { valueAtDotted, type JsonObject } from '../../core/util/json.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { create, settledCreateBody } from '../support/created-document.js';

/** A filter the check can give values no other item shares: one naming a text property of the create body. */
const textFilterOf = (collection: CollectionTarget): string | undefined =>
  collection.filters.find((name) => typeof collection.create?.body[name] === 'string');

export default defineCheck({
  meta: {
    id: 'delete.collection-filtered',
    rule: 'meth-http',
    severity: 'warning',
    writes: true,
    title: 'DELETE on a filtered collection answers 200/204 and removes exactly the items the filter selects',
    messages: {
      wrongStatus: 'DELETE {{url}} answered {{status}} instead of 200 or 204.',
      notRemoved: 'After DELETE {{url}}, GET {{item}} (selected by the filter) answered {{status}} instead of 404.',
      othersRemoved:
        'After DELETE {{url}}, GET {{item}} (not selected by the filter) answered {{status}} instead of 200: items outside the filter were removed.',
    },
  },
  appliesTo: 'collection',
  requires: {
    what: 'collection with collection DELETE, a create body and a filter on one of its text properties',
    test: (collection) => collection.deleteCollection && textFilterOf(collection) !== undefined,
  },
  async run(ctx, collection) {
    const filter = textFilterOf(collection) as string;
    const sample = await settledCreateBody(ctx, collection);
    // Values no other item can share, even with a substring match: two selected items, one control item.
    const selected = `restguide-delete-${randomUUID()}`;
    const bodies: JsonObject[] = [
      { ...sample, [filter]: selected },
      { ...collection.createBody(), [filter]: selected },
      { ...collection.createBody(), [filter]: `restguide-keep-${randomUUID()}` },
    ];
    const created = [];
    for (const body of bodies) {
      const creation = await create(ctx, collection, body);
      if (!creation.url)
        return ctx.skip(
          `could not create the items to delete: POST ${collection.path} answered ${creation.exchange.response.status}${creation.unproven ? `, but the run could not prove the item its own: ${creation.unproven}` : ''}`,
        );
      created.push(creation.url);
    }
    const [first, second, control] = created as [string, string, string];
    const filtered = ctx.url(collection.path, { [filter]: selected });
    // Guard against a filter the server ignores: then a DELETE would empty the whole collection.
    const listed = await ctx.get(collection.firstPage({ pageSize: 10, query: { [filter]: selected } }));
    if (!isolates(listed, collection.key, bodies.slice(0, 2), [first, second])) {
      return ctx.skip(
        `GET ${listed.request.url} does not list exactly the two created items, so a filtered DELETE is not risked`,
      );
    }
    const removed = await ctx.request({ method: 'DELETE', url: filtered });
    const data = { url: filtered, status: removed.response.status };
    if (!ctx.expect(removed.response.status === 200 || removed.response.status === 204, 'wrongStatus', data, removed))
      return;
    const [a, b, c] = (await Promise.all([first, second, control].map((url) => ctx.get(url)))) as [
      Exchange,
      Exchange,
      Exchange,
    ];
    for (const gone of [a, b])
      ctx.expect(
        gone.response.status === 404,
        'notRemoved',
        { url: filtered, item: gone.request.url, status: gone.response.status },
        removed,
        gone,
      );
    ctx.expect(
      c.response.status === 200,
      'othersRemoved',
      { url: filtered, item: c.request.url, status: c.response.status },
      removed,
      c,
    );
  },
});

/** Whether a filtered page holds exactly the created items (by business key, else by href) and nothing more. */
function isolates(page: Exchange, key: string | undefined, bodies: JsonObject[], urls: string[]): boolean {
  const items = valueAtDotted(page.response.json, 'items');
  if (page.response.status !== 200 || !Array.isArray(items) || items.length !== bodies.length) return false;
  if (valueAtDotted(page.response.json, 'next') !== undefined) return false;
  const wanted = key !== undefined ? bodies.map((body) => String(valueAtDotted(body, key))) : urls;
  const seen = items.map((item) =>
    String(
      key !== undefined
        ? valueAtDotted(item, key)
        : new URL(String(valueAtDotted(item, 'href')), page.request.url).href,
    ),
  );
  return wanted.every((value) => seen.includes(value));
}
