import { defineCheck } from '../../core/define-check.js';
import {
  guidePagingOrSkip,
  isAbsoluteUrl,
  linkOf,
  onlyPageReason,
  pageOf,
  pageOrSkip,
  queryParam,
  totalOf,
  type CollectionPage,
} from '../support/collection-page.js';

const SIZE = 3;
const LINKS = ['self', 'next', 'prev', 'first', 'last'] as const;
const PAGING_LINKS = ['next', 'prev', 'first', 'last'] as const;

export default defineCheck({
  meta: {
    id: 'paging.links-consistent',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    title:
      'Paging links are absolute, same-origin and consistent: no `prev` on page 1, `prev`/`next`/`first`/`last` point at the right pages',
    messages: {
      notAbsolute: '`{{link}}` of {{url}} is {{value}}, not an absolute http(s) URL.',
      otherOrigin: '`{{link}}` of {{url}} points at another origin: {{value}}.',
      prevOnFirst: 'The first page {{url}} has a `prev` link ({{value}}).',
      nextNotFollowing: '`next` of page {{page}} ({{url}}) points at page {{target}}, not {{expected}}.',
      prevNotPrevious: '`prev` of page {{page}} ({{url}}) points at page {{target}}, not {{expected}}.',
      firstNotFirst: '`first` of {{url}} points at {{value}}, not the first page.',
      lastNotLast:
        '`last` of {{url}} points at page {{target}}, but with {{total}} items and pageSize {{size}} the last page is {{expected}}.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    const first = pageOrSkip(ctx, await ctx.get(collection.firstPage({ pageSize: SIZE })));
    // A page without any paging link gives this check nothing to judge (a missing `next` is paging.next-link's).
    if (PAGING_LINKS.every((link) => first.body[link] === undefined || first.body[link] === null)) {
      ctx.skip(
        onlyPageReason(first, SIZE) ??
          `not verified: ${first.exchange.request.url} has no paging link (${PAGING_LINKS.join(', ')})`,
      );
    }
    const nextUrl = linkOf(first.body, 'next');
    const second = nextUrl !== undefined && isAbsoluteUrl(nextUrl) ? pageOf(await ctx.get(nextUrl)) : undefined;
    const origin = new URL(ctx.baseUrl).origin;
    const offset = collection.paging?.kind === 'offset';
    const pageNumber = (link: string) => Number(queryParam(link, collection.pageParam) ?? '1');

    const judge = (page: CollectionPage, number: number) => {
      const { exchange } = page;
      const url = exchange.request.url;
      for (const link of LINKS) {
        const raw = page.body[link];
        // A null link is no link: its null is json.no-null's finding.
        if (raw === undefined || raw === null) continue;
        const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
        if (!ctx.expect(typeof raw === 'string' && isAbsoluteUrl(raw), 'notAbsolute', { link, url, value }, exchange))
          continue;
        ctx.expect(new URL(value).origin === origin, 'otherOrigin', { link, url, value }, exchange);
      }
      const at = (link: string) => {
        const value = linkOf(page.body, link);
        return value !== undefined && isAbsoluteUrl(value) ? value : undefined;
      };
      const prev = at('prev');
      if (number === 1) ctx.expect(prev === undefined, 'prevOnFirst', { url, value: prev ?? '' }, exchange);
      const firstLink = at('first');
      if (firstLink !== undefined) {
        const isFirst = offset
          ? pageNumber(firstLink) === 1
          : collection.paging?.kind !== 'cursor' || queryParam(firstLink, collection.paging.param) === undefined;
        ctx.expect(isFirst, 'firstNotFirst', { url, value: firstLink }, exchange);
      }
      if (!offset) return;
      const next = at('next');
      if (next !== undefined)
        ctx.expect(
          pageNumber(next) === number + 1,
          'nextNotFollowing',
          { page: number, url, target: pageNumber(next), expected: number + 1 },
          exchange,
        );
      if (prev !== undefined && number > 1)
        ctx.expect(
          pageNumber(prev) === number - 1,
          'prevNotPrevious',
          { page: number, url, target: pageNumber(prev), expected: number - 1 },
          exchange,
        );
      const last = at('last');
      const total = totalOf(page.body);
      if (last !== undefined && total !== undefined) {
        const expected = Math.max(1, Math.ceil(total / SIZE));
        ctx.expect(
          pageNumber(last) === expected,
          'lastNotLast',
          { url, target: pageNumber(last), total, size: SIZE, expected },
          exchange,
        );
      }
    };
    judge(first, 1);
    // The page `next` led to is judged by its own number, so one wrong link is reported once.
    if (second) judge(second, offset ? pageNumber(second.exchange.request.url) : 2);
    else ctx.pass();
  },
});
