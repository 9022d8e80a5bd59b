import { defineCheck } from '../../core/engine/define-check.js';
import { judgingRecording, readCollectionPage, recordedGet } from '../support/traffic.js';
import { isAbsoluteUrl, linkOf, noMatchValue, pageOf, pageOrSkip } from '../support/collection-page.js';
import { withoutTrailingSlashes } from '../../core/profile/trailing-slashes.js';

export default defineCheck({
  meta: {
    id: 'collection.self-link',
    rule: 'hyp-links',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'A collection has an absolute `self` link that reflects the query used',
    messages: {
      missing: 'GET {{url}} answered a collection without a `self` link.',
      notAbsolute: 'The `self` link {{self}} of {{url}} is not an absolute http(s) URL.',
      otherPath: 'The `self` link {{self}} points at another path than the request {{url}}.',
      queryNotReflected:
        'The `self` link {{self}} does not reflect the query parameter {{name}}={{value}} of the request {{url}}.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    // A filter in the query too, when there is one, so `self` has more than the page size to reflect.
    // Only with a value that fits the filter's declaration (no free text into a boolean).
    const filter = collection.filters
      .filter((name) => name !== 'q')
      .map((name) => ({ name, value: noMatchValue(collection, name) }))
      .find((f) => f.value !== undefined);
    const filteredPath =
      filter === undefined ? undefined : collection.firstPage({ pageSize: 3, query: { [filter.name]: filter.value } });
    // A recording that lacks the filtered GET still has its pages' queries to reflect.
    const filteredAnswer =
      filteredPath === undefined
        ? undefined
        : judgingRecording(ctx)
          ? recordedGet(ctx, filteredPath)
          : await ctx.get(filteredPath);
    const filtered = filteredAnswer && pageOf(filteredAnswer);
    // A filter that refuses the value (e.g. a typed one) leaves the page size alone to reflect.
    const page =
      filtered ??
      pageOrSkip(
        ctx,
        await readCollectionPage(ctx, collection, collection.firstPage({ pageSize: 3 }), { queried: true }),
      );
    const { exchange } = page;
    const url = exchange.request.url;
    const self = linkOf(page.body, 'self');
    if (!ctx.expect(self !== undefined, 'missing', { url }, exchange) || self === undefined) return;
    if (!ctx.expect(isAbsoluteUrl(self), 'notAbsolute', { url, self }, exchange)) return;
    const requested = new URL(url);
    const linked = new URL(self);
    // A link to another resource reflects nothing of the request: its query is not judged too.
    if (
      !ctx.expect(
        withoutTrailingSlashes(linked.pathname) === withoutTrailingSlashes(requested.pathname),
        'otherPath',
        { url, self },
        exchange,
      )
    )
      return;
    for (const name of new Set(requested.searchParams.keys())) {
      const values = requested.searchParams.getAll(name);
      const reflected = linked.searchParams.getAll(name);
      ctx.expect(
        values.every((value) => reflected.includes(value)),
        'queryNotReflected',
        { url, self, name, value: values.join(',') },
        exchange,
      );
    }
  },
});
