import { confirming } from '../support/confirm.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { NO_MATCH } from '../support/collection-page.js';
import { readPage, samplePage } from '../support/filtered-page.js';

/** The first word (4+ letters) of the document's text values, links left out. */
function wordOf(data: unknown): string | undefined {
  const texts: string[] = [];
  const collect = (value: unknown, depth: number) => {
    if (depth > 5) return;
    if (typeof value === 'string' && !/^[a-z][\w+.-]*:/i.test(value)) texts.push(value);
    else if (Array.isArray(value)) value.forEach((one) => collect(one, depth + 1));
    else if (isObject(value)) Object.values(value).forEach((one) => collect(one, depth + 1));
  };
  collect(data, 0);
  for (const text of texts) {
    const word = text.match(/\p{L}{4,}/u)?.[0];
    if (word !== undefined) return word;
  }
  return undefined;
}

const MESSAGES = {
  status: '{{url}} answered {{status}} without a collection page.',
  noResult: '{{url}} returned no item, though {{href}} contains "{{word}}".',
  notContaining: '{{url}} returned {{href}}, whose document does not contain "{{word}}".',
  randomNotEmpty: '{{url}} (a word found nowhere) returned {{count}} items, not `items: []`.',
} as const;

export default defineCheck({
  meta: {
    id: 'filter.full-text-q',
    rule: 'col-filter',
    severity: 'warning',
    writes: false,
    title:
      'The full-text parameter (`q`) searches the full text: every item found contains the word, and a word found nowhere gives `items: []`',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  requires: { what: 'collection with full-text search', test: (collection) => collection.fullText !== undefined },
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    const param = collection.fullText as string;
    const sample = await samplePage(ctx, collection, 3, 'document');
    const source =
      sample.items.find((item) => wordOf(item.data) !== undefined) ??
      ctx.skip('no document of the first page has a word to search');
    const word = wordOf(source.data) as string;
    const [found, nothing] = await Promise.all([
      readPage(ctx, collection, 5, { [param]: word }, 'document'),
      ctx.get(collection.firstPage({ pageSize: 5, query: { [param]: NO_MATCH } })),
    ]);
    if (!('items' in found)) ctx.report('status', { url: found.request.url, status: found.response.status }, found);
    else {
      const url = found.exchange.request.url;
      if (
        ctx.expect(
          found.items.length > 0,
          'noResult',
          { url, href: source.href ?? '?', word },
          found.exchange,
          ...sample.sources,
        )
      ) {
        for (const item of found.items) {
          ctx.expect(
            JSON.stringify(item.data).toLowerCase().includes(word.toLowerCase()),
            'notContaining',
            { url, href: item.href ?? '?', word },
            found.exchange,
            ...found.sources,
          );
        }
      }
    }
    const body = nothing.response.json;
    const items = isObject(body) ? body['items'] : undefined;
    if (nothing.response.status !== 200 || !Array.isArray(items))
      ctx.report('status', { url: nothing.request.url, status: nothing.response.status }, nothing);
    else ctx.expect(items.length === 0, 'randomNotEmpty', { url: nothing.request.url, count: items.length }, nothing);
  }),
});
